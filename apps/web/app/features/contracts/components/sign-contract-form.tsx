import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import {
  SIGNER_NAME_MAX,
  signContractSchema,
  type SignContractFormInput,
  type SignContractValues,
} from "../sign-schema";

/**
 * The signature under a contract: the signer's name typed as the signature and the agreement
 * checkbox (sign-schema.ts). Each problem is said next to its field and the first gets focus;
 * `onSign` runs with the cleaned name only when both are right.
 */
export function SignContractForm({
  onSign,
  suggestedName,
}: {
  /** Called with the trimmed name; the form shows 서명하는 중 until it settles. */
  onSign: (values: SignContractValues) => Promise<void>;
  /** Shown as the example in the hint (the signed-in person's name). */
  suggestedName?: string;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignContractFormInput, unknown, SignContractValues>({
    resolver: zodResolver(signContractSchema),
    defaultValues: { signerName: "", agreed: false },
    reValidateMode: "onChange",
  });
  const nameId = `${id}-name`;
  const nameHint = `${id}-name-hint`;
  const nameError = `${id}-name-error`;
  const agreeError = `${id}-agree-error`;

  return (
    <form
      className="auth-form sign-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void handleSubmit(onSign)(e)}
    >
      <h2 id={`${id}-title`} className="sign-form__title">
        전자서명
      </h2>
      <div className="form-field">
        <label className="form-field__label" htmlFor={nameId}>
          서명자 이름
        </label>
        <input
          id={nameId}
          className="form-input"
          autoComplete="name"
          maxLength={SIGNER_NAME_MAX + 10}
          aria-invalid={errors.signerName ? true : undefined}
          aria-describedby={[nameHint, errors.signerName ? nameError : null]
            .filter(Boolean)
            .join(" ")}
          {...register("signerName")}
        />
        <p id={nameHint} className="form-field__hint">
          서명하는 분의 이름을 입력해 주세요{suggestedName ? ` (예: ${suggestedName})` : ""}. 입력한
          이름과 서명 시각이 계약서에 기록돼요.
        </p>
        {errors.signerName ? (
          <p id={nameError} className="form-field__error">
            {errors.signerName.message}
          </p>
        ) : null}
      </div>
      <div className="form-field">
        <label className="checkbox-line">
          <input
            type="checkbox"
            aria-invalid={errors.agreed ? true : undefined}
            aria-describedby={errors.agreed ? agreeError : undefined}
            {...register("agreed")}
          />
          <span>위 계약서의 내용을 모두 읽었고, 이에 동의합니다.</span>
        </label>
        {errors.agreed ? (
          <p id={agreeError} className="form-field__error">
            {errors.agreed.message}
          </p>
        ) : null}
      </div>
      <div className="auth-form__actions">
        <button
          type="submit"
          className="btn btn--primary btn--lg"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? "서명하는 중…" : "동의하고 서명하기"}
        </button>
      </div>
    </form>
  );
}
