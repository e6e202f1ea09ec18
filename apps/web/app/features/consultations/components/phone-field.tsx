import { maskMobile, withParticle } from "@seoltab/domain";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { sendConsultationCode, verifyConsultationCode } from "../api";
import { MESSAGES, phoneDigits, type VerifiedPhone } from "../schema";

/** Seconds before another code may be asked for. */
export const RESEND_COOLDOWN_SEC = 30;

interface SentCode {
  phone: string;
  verificationId: string;
  /** ms since the epoch. */
  expiresAt: number;
  sentAt: number;
}

export interface PhoneFieldProps {
  /** Id of the phone input (the form focuses it on an error). */
  id: string;
  /** Id of the code input, or of the "verified" note once verified. */
  verificationId: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's message for the number (empty, not a mobile number). */
  error?: string | undefined;
  /** The form's message for the SMS step (not verified yet, token expired). */
  verificationError?: string | undefined;
  verified: VerifiedPhone | null;
  onVerified: (verified: VerifiedPhone) => void;
  /** Forget the verified phone (the number was changed). */
  onReset: () => void;
  /** False until the page has hydrated: the buttons do nothing before. */
  ready: boolean;
}

/** The current time in ms (read in event handlers and timers only). */
function currentTime(): number {
  return Date.now();
}

/** True for Enter (not while an IME is composing); the default (submitting the form) is stopped. */
function takeEnter(event: KeyboardEvent<HTMLInputElement>): boolean {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return false;
  event.preventDefault();
  return true;
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
 * The callback phone with SMS verification, inside the consultation form (no nested form): the
 * number → "인증번호 받기" texts a 6-digit code (purpose CONSULTATION, valid 3 minutes, count-down
 * shown) → the code → verified. Enter in the number sends the code, Enter in the code checks it.
 * Another code can be asked for after RESEND_COOLDOWN_SEC; changing the number forgets a
 * verification of the old one. Server refusals are shown in Korean under the field.
 */
export function PhoneField({
  id,
  verificationId,
  value,
  onChange,
  error,
  verificationError,
  verified,
  onVerified,
  onReset,
  ready,
}: PhoneFieldProps) {
  const uid = useId();
  const [sent, setSent] = useState<SentCode | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<"send" | "verify" | null>(null);
  const [now, setNow] = useState(0);
  const codeInput = useRef<HTMLInputElement>(null);
  const doneNote = useRef<HTMLParagraphElement>(null);
  /** Where focus goes after the next render: the code input (sent) or the done note. */
  const focusNext = useRef<"code" | "done" | null>(null);

  useEffect(() => {
    const target = focusNext.current === "code" ? codeInput.current : doneNote.current;
    if (focusNext.current && target) {
      target.focus();
      focusNext.current = null;
    }
  });

  useEffect(() => {
    if (!sent) return undefined;
    const timer = window.setInterval(() => setNow(currentTime()), 1000);
    return () => window.clearInterval(timer);
  }, [sent]);

  const digits = phoneDigits(value);
  const isVerified = verified !== null && verified.phone === digits;
  const remainingMs = sent ? Math.max(0, sent.expiresAt - now) : 0;
  const expired = sent !== null && remainingMs === 0;
  const cooldownSec = sent
    ? Math.max(0, RESEND_COOLDOWN_SEC - Math.floor((now - sent.sentAt) / 1000))
    : 0;

  const change = (next: string) => {
    onChange(next);
    const nextDigits = phoneDigits(next);
    if (sent && sent.phone !== nextDigits) {
      setSent(null);
      setCode("");
      setCodeError(null);
      setNotice(null);
    }
    if (verified && verified.phone !== nextDigits) onReset();
  };

  const send = async () => {
    if (!ready || busy) return;
    setSendError(null);
    setNotice(null);
    if (!digits) {
      setSendError(value.trim() ? MESSAGES.phonePattern : MESSAGES.phoneRequired);
      return;
    }
    setBusy("send");
    try {
      const response = await sendConsultationCode(digits);
      const at = currentTime();
      setNow(at);
      setSent({
        phone: digits,
        verificationId: response.VERIFICATION_ID,
        expiresAt: at + response.EXPIRES_IN_SEC * 1000,
        sentAt: at,
      });
      setCode("");
      setCodeError(null);
      setNotice(
        `${withParticle(maskMobile(digits), "으로/로")} 인증번호를 보냈어요. 3분 안에 입력해 주세요.`,
      );
      focusNext.current = "code";
    } catch (err) {
      setSendError(messageOf(err));
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (!ready || busy || !sent) return;
    const typed = code.trim();
    if (!/^[0-9]{6}$/.test(typed)) {
      setCodeError(MESSAGES.code);
      codeInput.current?.focus();
      return;
    }
    setCodeError(null);
    setBusy("verify");
    try {
      const response = await verifyConsultationCode(sent.verificationId, typed);
      onVerified({ phone: sent.phone, token: response.VERIFICATION_TOKEN });
      setSent(null);
      setCode("");
      setNotice(null);
      focusNext.current = "done";
    } catch (err) {
      setCodeError(messageOf(err));
      codeInput.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const codeHintId = `${uid}-code-hint`;
  const codeErrorId = `${uid}-code-error`;
  const phoneMessage = error ?? sendError ?? (isVerified ? null : verificationError) ?? null;
  const sendLabel =
    sent === null
      ? "인증번호 받기"
      : cooldownSec > 0
        ? `다시 받기 (${cooldownSec}초)`
        : "다시 받기";

  return (
    <div className="cst-field">
      <label className="cst-field__label" htmlFor={id}>
        휴대폰 번호
      </label>
      <div className="cst-field__row">
        <input
          id={id}
          name="phone"
          className="cst-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="010-1234-5678"
          maxLength={20}
          value={value}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (takeEnter(event)) void send();
          }}
          aria-invalid={phoneMessage ? true : undefined}
          aria-describedby={[hintId, phoneMessage ? errorId : null].filter(Boolean).join(" ")}
        />
        <button
          type="button"
          className="btn btn--secondary cst-field__action"
          onClick={() => void send()}
          disabled={!ready || busy !== null || isVerified || (sent !== null && cooldownSec > 0)}
        >
          {busy === "send" ? "보내는 중…" : sendLabel}
        </button>
      </div>
      <p id={hintId} className="cst-field__hint">
        문자로 인증번호 6자리를 보내 드려요. 상담 전화도 이 번호로 드려요.
      </p>
      {phoneMessage ? (
        <p
          id={errorId}
          className="cst-field__error"
          role={sendError && !error ? "alert" : undefined}
        >
          {phoneMessage}
        </p>
      ) : null}
      <p className="cst-field__notice" role="status">
        {notice}
      </p>

      {sent && !isVerified ? (
        <div className="cst-code">
          <label className="cst-field__label" htmlFor={verificationId}>
            인증번호
          </label>
          <div className="cst-field__row">
            <input
              ref={codeInput}
              id={verificationId}
              name="code"
              className="cst-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6자리 숫자"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/[^0-9]/g, ""))}
              onKeyDown={(event) => {
                if (takeEnter(event)) void verify();
              }}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={[codeHintId, codeError ? codeErrorId : null]
                .filter(Boolean)
                .join(" ")}
            />
            <button
              type="button"
              className="btn btn--primary cst-field__action"
              onClick={() => void verify()}
              disabled={!ready || busy !== null || expired}
            >
              {busy === "verify" ? "확인 중…" : "확인"}
            </button>
          </div>
          <p id={codeHintId} className="cst-field__hint">
            {expired ? (
              "인증 시간이 지났어요. ‘다시 받기’를 눌러 인증번호를 새로 받아 주세요."
            ) : (
              <>
                남은 시간 <span className="cst-timer">{clock(remainingMs)}</span>
                <span className="visually-hidden"> (3분 안에 입력해 주세요)</span>
              </>
            )}
          </p>
          {codeError ? (
            <p id={codeErrorId} className="cst-field__error" role="alert">
              {codeError}
            </p>
          ) : null}
        </div>
      ) : null}

      {isVerified ? (
        <p ref={doneNote} id={verificationId} className="cst-field__success" tabIndex={-1}>
          {maskMobile(verified.phone)} 번호 인증을 마쳤어요.
        </p>
      ) : null}
    </div>
  );
}
