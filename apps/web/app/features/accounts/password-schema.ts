/**
 * The password change form (docs/api/accounts.md PATCH /serverless/change_password): the current
 * password, a new one under the join policy (passwordProblems of @seoltab/domain, shared with
 * the api; not containing the email's local part) typed twice, and different from the current.
 */
import { PASSWORD_PROBLEM_MESSAGES, passwordProblems } from "@seoltab/domain";
import { z } from "zod";
import { newPasswordField } from "./schemas";

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  newPasswordConfirm: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = {
  currentPassword: "",
  newPassword: "",
  newPasswordConfirm: "",
};

export const SAME_PASSWORD_MESSAGE = "지금 비밀번호와 다른 비밀번호를 입력해 주세요.";
export const CONFIRM_MISMATCH_MESSAGE = "새 비밀번호가 서로 달라요. 같은 비밀번호를 입력해 주세요.";

/** The schema for the signed-in person's `email` (the email rule of the policy). */
export function passwordChangeSchema(email: string) {
  return z
    .object({
      currentPassword: z
        .string()
        .min(1, "지금 쓰는 비밀번호를 입력해 주세요.")
        .max(256, "비밀번호가 너무 길어요."),
      newPassword: newPasswordField,
      newPasswordConfirm: z.string().min(1, "새 비밀번호를 한 번 더 입력해 주세요."),
    })
    .superRefine((values, ctx) => {
      if (
        values.newPassword &&
        passwordProblems(values.newPassword, email).includes("contains_email")
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["newPassword"],
          message: PASSWORD_PROBLEM_MESSAGES.contains_email,
        });
      }
      if (values.newPassword && values.newPassword === values.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: SAME_PASSWORD_MESSAGE });
      }
      if (values.newPasswordConfirm && values.newPassword !== values.newPasswordConfirm) {
        ctx.addIssue({
          code: "custom",
          path: ["newPasswordConfirm"],
          message: CONFIRM_MISMATCH_MESSAGE,
        });
      }
    });
}
