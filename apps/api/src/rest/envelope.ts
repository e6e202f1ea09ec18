/**
 * The ONUEI_RES response envelope of every `/main`, `/serverless` and `/hub` response
 * (SPEC.md §7, DESIGN.md §2):
 * `{"ONUEI_RES":{"STATUS":{"STATUSCODE":"0000","STATUSMSG":"..."},"DATA":{"RESULT":"SUCCESS","RESPONSE":{...}}}}`.
 * Errors use the same envelope with RESULT "FAIL", a Korean STATUSMSG and, in RESPONSE,
 * `ERROR_CODE` (stable snake_case) and `FIELDS` (per-field problems of a validation error).
 */
import type { AppError } from "../errors.ts";
import { describeKind } from "../errors.ts";

export interface Envelope<T> {
  ONUEI_RES: {
    STATUS: { STATUSCODE: string; STATUSMSG: string };
    DATA: { RESULT: "SUCCESS" | "FAIL"; RESPONSE: T };
  };
}

export interface FailureResponse {
  ERROR_CODE: string;
  FIELDS: { NAME: string; MESSAGE: string }[];
  /** Error-specific values, e.g. REMAINING_ATTEMPTS of `code_mismatch` (docs/api/accounts.md). */
  [extra: string]: unknown;
}

/** A success envelope around `response` (STATUSCODE "0000"). */
export function success<T>(response: T, message = "정상적으로 처리되었어요."): Envelope<T> {
  return {
    ONUEI_RES: {
      STATUS: { STATUSCODE: "0000", STATUSMSG: message },
      DATA: { RESULT: "SUCCESS", RESPONSE: response },
    },
  };
}

/** The HTTP status and failure envelope of an AppError. */
export function failure(err: AppError): { status: number; body: Envelope<FailureResponse> } {
  const { status, statusCode } = describeKind(err.kind);
  return {
    status,
    body: {
      ONUEI_RES: {
        STATUS: { STATUSCODE: statusCode, STATUSMSG: err.message },
        DATA: {
          RESULT: "FAIL",
          RESPONSE: {
            ...err.extra.response,
            ERROR_CODE: err.code,
            FIELDS: err.fields.map((f) => ({ NAME: f.field, MESSAGE: f.message })),
          },
        },
      },
    },
  };
}
