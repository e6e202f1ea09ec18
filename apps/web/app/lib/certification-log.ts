/**
 * The identity-certification log and the account status (SPEC.md §7 REST table:
 * POST /main/iamport_sms_certification_log, POST /main/user_status; docs/api/accounts.md).
 */
import { NETWORK_ERROR_MESSAGE, isRestError, restRequest } from "./rest-client";

/** The log payload (docs/api/accounts.md): the outcome of one certification, no code, no phone. */
export interface SmsCertificationLog {
  SUCCESS: boolean;
  /** The refusal's message when SUCCESS is false (500 characters at most). */
  ERROR_MSG?: string;
}

/**
 * POST /main/iamport_sms_certification_log after an identity certification (a verify_code
 * answer, right or wrong). Returns the response data (`LOG_ID`), or null when the log could not
 * be written: logging never gets in the person's way.
 */
export async function logSmsCertification(
  entry: SmsCertificationLog,
): Promise<{ LOG_ID: number } | null> {
  try {
    return await restRequest<{ LOG_ID: number }>("main", "/iamport_sms_certification_log", {
      body: entry.ERROR_MSG ? { ...entry, ERROR_MSG: entry.ERROR_MSG.slice(0, 500) } : entry,
      auth: false,
    });
  } catch {
    return null;
  }
}

/**
 * Runs one certification call (POST /main/verification/verify_code) and logs its outcome, then
 * returns its answer or throws its error as it was.
 */
export async function withCertificationLog<T>(certify: () => Promise<T>): Promise<T> {
  try {
    const result = await certify();
    void logSmsCertification({ SUCCESS: true });
    return result;
  } catch (error) {
    // No answer at all is not a certification: nothing to log.
    if (!isRestError(error) || error.status === 0) throw error;
    void logSmsCertification({
      SUCCESS: false,
      ERROR_MSG: error.message || NETWORK_ERROR_MESSAGE,
    });
    throw error;
  }
}

/** POST /main/user_status answer. */
export interface UserStatus {
  USER_NO: number;
  USER_TYPE: string;
  STATUS: string;
  IS_PARENT_CONSENTED: boolean;
}

/** SPEC.md §7 user_status after sign-in: what an account waiting for parent consent is told. */
export const PENDING_CONSENT_MESSAGE =
  "보호자 동의를 기다리고 있어요. 보호자가 동의하면 수업 신청과 결제를 할 수 있어요.";

/**
 * POST /main/user_status for the signed-in account; null when it cannot be read (the sign-in
 * itself is not undone for that).
 */
export async function fetchUserStatus(): Promise<UserStatus | null> {
  try {
    return await restRequest<UserStatus>("main", "/user_status", { body: {} });
  } catch {
    return null;
  }
}
