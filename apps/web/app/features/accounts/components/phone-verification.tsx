import { zodResolver } from "@hookform/resolvers/zod";
import { maskMobile } from "@seoltab/domain";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { sendVerificationCode, verifyCode, type VerificationPurpose } from "../api";
import { codeSchema, phoneSchema } from "../schemas";
import { FormAlert, TextField } from "./text-field";

/** A phone number verified by SMS code: digits and the server's verification token. */
export interface VerifiedPhone {
  phone: string;
  token: string;
}

/** Seconds before another code may be asked for the same number. */
export const RESEND_COOLDOWN_SEC = 30;

interface SentCode {
  phone: string;
  verificationId: string;
  /** ms since the epoch. */
  expiresAt: number;
  sentAt: number;
}

export interface PhoneVerificationProps {
  purpose: VerificationPurpose;
  /** The verified phone, when verification is done (the component then shows it). */
  verified: VerifiedPhone | null;
  onVerified: (verified: VerifiedPhone) => void;
  /** "다른 번호로 인증하기": forget the verified phone. */
  onReset: () => void;
  /** Label of the phone input. */
  phoneLabel?: string;
  /** A parent-consent ticket: the server refuses a phone other than the child's given one. */
  consentTicket?: string;
}

/** The current time in ms (read in event handlers only). */
function currentTime(): number {
  return Date.now();
}

function messageOf(error: unknown): string {
  return isRestError(error) ? error.message : NETWORK_ERROR_MESSAGE;
}

/** "2:59" */
function clock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * Phone verification by SMS code (docs/api/accounts.md): the number → a 6-digit code texted to
 * it (valid EXPIRES_IN_SEC, shown as a count-down) → the code → a verification token. The code
 * can be asked again after RESEND_COOLDOWN_SEC. Two small forms, so Enter submits the step the
 * person is on; every server refusal is shown in Korean with a way on.
 */
export function PhoneVerification({
  purpose,
  verified,
  onVerified,
  onReset,
  phoneLabel = "휴대폰 번호",
  consentTicket,
}: PhoneVerificationProps) {
  const [sent, setSent] = useState<SentCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(currentTime);

  const phoneForm = useForm<{ phone: string }>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phone: "" },
  });
  const codeForm = useForm<{ code: string }>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: "" },
  });

  useEffect(() => {
    if (!sent) return undefined;
    const timer = window.setInterval(() => setNow(currentTime()), 1000);
    return () => window.clearInterval(timer);
  }, [sent]);

  const remainingMs = sent ? Math.max(0, sent.expiresAt - now) : 0;
  const expired = sent !== null && remainingMs === 0;
  const cooldownSec = sent
    ? Math.max(0, RESEND_COOLDOWN_SEC - Math.floor((now - sent.sentAt) / 1000))
    : 0;

  // The resolver hands over zod's output: the number as digits (010…).
  const send = phoneForm.handleSubmit(async ({ phone }) => {
    setError(null);
    try {
      const response = await sendVerificationCode(phone, purpose, consentTicket);
      const at = currentTime();
      setNow(at);
      setSent({
        phone,
        verificationId: response.VERIFICATION_ID,
        expiresAt: at + response.EXPIRES_IN_SEC * 1000,
        sentAt: at,
      });
      codeForm.reset({ code: "" });
      window.setTimeout(() => codeForm.setFocus("code"), 0);
    } catch (err) {
      setError(messageOf(err));
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    if (!sent) return;
    setError(null);
    try {
      const response = await verifyCode(sent.verificationId, code.trim());
      onVerified({ phone: sent.phone, token: response.VERIFICATION_TOKEN });
      setSent(null);
    } catch (err) {
      setError(messageOf(err));
      codeForm.setFocus("code");
    }
  });

  if (verified) {
    return (
      <div className="verify-done" role="status">
        <p className="verify-done__text">
          <span aria-hidden="true">✓ </span>
          {maskMobile(verified.phone)} 번호 인증을 마쳤어요.
        </p>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            phoneForm.reset({ phone: "" });
            setError(null);
            onReset();
          }}
        >
          다른 번호로 인증하기
        </button>
      </div>
    );
  }

  return (
    <div className="verify">
      <form className="auth-form" noValidate onSubmit={send}>
        <TextField
          label={phoneLabel}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="010-1234-5678"
          registration={phoneForm.register("phone")}
          error={phoneForm.formState.errors.phone?.message}
          hint="문자로 인증번호 6자리를 보내 드려요."
          readOnly={sent !== null && !expired}
          action={
            <button
              type="submit"
              className="btn btn--secondary form-field__action"
              disabled={phoneForm.formState.isSubmitting || (sent !== null && cooldownSec > 0)}
            >
              {sent === null
                ? "인증번호 받기"
                : cooldownSec > 0
                  ? `다시 받기 (${cooldownSec}초)`
                  : "다시 받기"}
            </button>
          }
        />
      </form>
      {sent ? (
        <form className="auth-form" noValidate onSubmit={verify}>
          <TextField
            label="인증번호"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="6자리 숫자"
            registration={codeForm.register("code")}
            error={codeForm.formState.errors.code?.message}
            hint={
              expired ? (
                "인증 시간이 지났어요. 인증번호를 다시 받아 주세요."
              ) : (
                <>
                  남은 시간 <span className="verify__timer">{clock(remainingMs)}</span>
                  <span className="visually-hidden"> (3분 안에 입력해 주세요)</span>
                </>
              )
            }
            action={
              <button
                type="submit"
                className="btn btn--primary form-field__action"
                disabled={codeForm.formState.isSubmitting || expired}
              >
                확인
              </button>
            }
          />
          <button
            type="button"
            className="btn btn--ghost verify__change"
            onClick={() => {
              setSent(null);
              setError(null);
              window.setTimeout(() => phoneForm.setFocus("phone"), 0);
            }}
          >
            번호 다시 입력하기
          </button>
        </form>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
