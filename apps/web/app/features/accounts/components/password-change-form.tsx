import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { toast } from "react-toastify";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../../lib/rest-client";
import { PasswordChecklist } from "./password-checklist";
import { FormAlert, PasswordField } from "./text-field";
import { changePassword } from "../api/change-password";
import {
  EMPTY_PASSWORD_CHANGE,
  passwordChangeSchema,
  type PasswordChangeValues,
} from "../password-schema";

/** Toast after a change; the session ends (every refresh family is revoked by the server). */
export const PASSWORD_CHANGED_MESSAGE = "비밀번호를 바꿨어요. 새 비밀번호로 다시 로그인해 주세요.";

/** Server field names (FIELDS of validation_failed) → form fields. */
const SERVER_FIELDS: Record<string, Path<PasswordChangeValues>> = {
  CURRENT_PASSWORD: "currentPassword",
  NEW_PASSWORD: "newPassword",
};

/**
 * 비밀번호 변경 (PATCH /serverless/change_password with the session): the current password and
 * a new one under the join policy, with the live checklist. The server's refusals land on their
 * field (wrong current password, the same password, the policy), anything else above the
 * button; after a change the person is told to sign in again and `onChanged` runs (the page
 * logs out).
 */
export function PasswordChangeForm({
  email,
  onChanged,
}: {
  /** The signed-in person's email (the policy refuses its local part). */
  email: string;
  onChanged: () => void;
}) {
  const schema = useMemo(() => passwordChangeSchema(email), [email]);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_PASSWORD_CHANGE,
    reValidateMode: "onChange",
  });
  const newPassword = useWatch({ control, name: "newPassword" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await changePassword({
        CURRENT_PASSWORD: values.currentPassword,
        NEW_PASSWORD: values.newPassword,
      });
    } catch (error) {
      if (!isRestError(error)) {
        setFormError(NETWORK_ERROR_MESSAGE);
        return;
      }
      if (error.errorCode === "wrong_current_password") {
        setError("currentPassword", { message: error.message }, { shouldFocus: true });
        return;
      }
      if (error.errorCode === "same_password") {
        setError("newPassword", { message: error.message }, { shouldFocus: true });
        return;
      }
      const fielded = error.fields.filter((f) => SERVER_FIELDS[f.NAME]);
      if (fielded.length > 0) {
        fielded.forEach((f, i) =>
          setError(SERVER_FIELDS[f.NAME]!, { message: f.MESSAGE }, { shouldFocus: i === 0 }),
        );
        return;
      }
      setFormError(error.message);
      return;
    }
    reset(EMPTY_PASSWORD_CHANGE);
    toast.success(PASSWORD_CHANGED_MESSAGE);
    onChanged();
  });

  return (
    <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <PasswordField
        label="지금 비밀번호"
        autoComplete="current-password"
        registration={register("currentPassword")}
        error={errors.currentPassword?.message}
      />
      <PasswordField
        label="새 비밀번호"
        autoComplete="new-password"
        registration={register("newPassword")}
        error={errors.newPassword?.message}
        hint={<PasswordChecklist password={newPassword} email={email} />}
      />
      <PasswordField
        label="새 비밀번호 확인"
        autoComplete="new-password"
        registration={register("newPasswordConfirm")}
        error={errors.newPasswordConfirm?.message}
      />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <p className="form-field__hint">
        비밀번호를 바꾸면 모든 기기에서 로그아웃돼요. 새 비밀번호로 다시 로그인해 주세요.
      </p>
      <div className="auth-form__actions">
        <button
          type="submit"
          className="btn btn--primary btn--lg"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? "바꾸는 중…" : "비밀번호 바꾸기"}
        </button>
      </div>
    </form>
  );
}
