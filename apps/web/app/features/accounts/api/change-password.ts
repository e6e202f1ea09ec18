/**
 * PATCH /serverless/change_password with the session (docs/api/accounts.md "Serverless"):
 * Bearer + CURRENT_PASSWORD + NEW_PASSWORD → `{ CHANGED: true }`. Every refresh family of the
 * user is revoked, so the person signs in again with the new password. Failures are RestError:
 * 400 `wrong_current_password`, `same_password`, `validation_failed` (FIELDS NEW_PASSWORD);
 * 429 `too_many_attempts`.
 */
import { restRequest } from "../../../lib/rest-client";

export interface ChangePasswordPayload {
  CURRENT_PASSWORD: string;
  NEW_PASSWORD: string;
}

export function changePassword(payload: ChangePasswordPayload): Promise<{ CHANGED: boolean }> {
  return restRequest<{ CHANGED: boolean }>("serverless", "/change_password", {
    method: "PATCH",
    body: payload,
  });
}
