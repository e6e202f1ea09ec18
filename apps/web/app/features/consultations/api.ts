/**
 * The public calls of the consultation funnel (docs/api/consultations.md): phone verification
 * with purpose CONSULTATION and the request itself. POSTs to the main REST backend without a
 * session (auth: false); failures are RestError with the server's Korean STATUSMSG, ERROR_CODE
 * and FIELDS (app/lib/rest-client.ts).
 */
import { withCertificationLog } from "../../lib/certification-log";
import { restRequest } from "../../lib/rest-client";
import type { ConsultationRequestPayload } from "./schema";

export interface SendCodeResponse {
  VERIFICATION_ID: string;
  /** Seconds the code stays valid (180). */
  EXPIRES_IN_SEC: number;
}

/** POST /main/verification/send_code: texts a 6-digit code to the phone (purpose CONSULTATION). */
export function sendConsultationCode(phone: string) {
  return restRequest<SendCodeResponse>("main", "/verification/send_code", {
    body: { PHONE_NUM: phone, PURPOSE: "CONSULTATION" },
    auth: false,
  });
}

export interface VerifyCodeResponse {
  VERIFIED: boolean;
  VERIFICATION_TOKEN: string;
  /** Seconds the verification token stays valid (1800). */
  EXPIRES_IN_SEC: number;
}

/**
 * POST /main/verification/verify_code. Wrong code: `code_mismatch` (RESPONSE.REMAINING_ATTEMPTS);
 * too many or too late: `code_expired`.
 */
export function verifyConsultationCode(verificationId: string, code: string) {
  // Each certification is logged (POST /main/iamport_sms_certification_log, SPEC.md §7).
  return withCertificationLog(() =>
    restRequest<VerifyCodeResponse>("main", "/verification/verify_code", {
      body: { VERIFICATION_ID: verificationId, CODE: code },
      auth: false,
    }),
  );
}

export interface ConsultationRequestResponse {
  REQUEST_ID: string;
  STATUS: "RECEIVED";
}

/**
 * POST /main/consultation_request. Sending the same verification token again answers the same
 * REQUEST_ID, so a retry after a lost answer never makes a second request.
 */
export function submitConsultationRequest(payload: ConsultationRequestPayload) {
  return restRequest<ConsultationRequestResponse>("main", "/consultation_request", {
    body: payload,
    auth: false,
  });
}
