import { useEffect, useRef, useState } from "react";
import type { JoinResponse } from "../api";
import type { JoinUserType } from "../schemas";
import { JoinDetailsForm } from "./join-details-form";
import { JoinDone } from "./join-done";
import { PhoneVerification, type VerifiedPhone } from "./phone-verification";

type Step = "type" | "phone" | "details" | "done";

const STEPS: readonly { key: Exclude<Step, "done">; label: string }[] = [
  { key: "type", label: "회원 유형" },
  { key: "phone", label: "휴대폰 인증" },
  { key: "details", label: "정보 입력" },
];

export const USER_TYPE_CHOICES: readonly {
  value: JoinUserType;
  label: string;
  description: string;
}[] = [
  { value: "STUDENT", label: "학생", description: "설탭 수업을 듣는 학생이에요." },
  { value: "TEACHER", label: "선생님", description: "설탭에서 수업하는 대학생 선생님이에요." },
  { value: "PARENT", label: "학부모", description: "자녀의 수업, 결제와 계약을 관리해요." },
];

export interface JoinResult extends JoinResponse {
  userType: JoinUserType;
  email: string;
  parentPhone: string | null;
}

/**
 * The join flow of /JoinPage (SPEC.md §3 "Join form", docs/api/accounts.md): the user type,
 * the person's phone verified by SMS code, then the account details and terms; then a result
 * screen (active, or waiting for the parent's consent under 14). Each step's heading takes the
 * focus when the step opens, and every step but the first has a way back.
 */
export function JoinFlow({ initialType }: { initialType: JoinUserType | null }) {
  const [step, setStep] = useState<Step>("type");
  const [userType, setUserType] = useState<JoinUserType>(initialType ?? "STUDENT");
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [result, setResult] = useState<JoinResult | null>(null);
  /** Once opened, the details form stays mounted (hidden), so going back keeps what was typed. */
  const [detailsOpened, setDetailsOpened] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  if (step === "done" && result) {
    return (
      <section className="auth-card" aria-labelledby="join-done-title">
        <JoinDone result={result} headingRef={heading} />
      </section>
    );
  }

  const index = STEPS.findIndex((s) => s.key === step);

  return (
    <section className="auth-card auth-card--wide" aria-labelledby="join-title">
      <h1 id="join-title" className="auth-card__title">
        회원가입
      </h1>
      <ol className="stepper" aria-label="가입 단계">
        {STEPS.map((s, i) => (
          <li
            key={s.key}
            className="stepper__item"
            data-state={i < index ? "done" : i === index ? "current" : "todo"}
            aria-current={i === index ? "step" : undefined}
          >
            <span className="stepper__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="stepper__label">
              {s.label}
              {i < index ? <span className="visually-hidden"> (완료)</span> : null}
            </span>
          </li>
        ))}
      </ol>

      {step === "type" ? (
        <form
          className="auth-form"
          onSubmit={(event) => {
            event.preventDefault();
            setStep("phone");
          }}
        >
          <h2 ref={heading} tabIndex={-1} className="auth-card__step-title">
            어떤 회원으로 가입할까요?
          </h2>
          <fieldset className="choice-cards">
            <legend className="visually-hidden">회원 유형</legend>
            {USER_TYPE_CHOICES.map((choice) => (
              <label key={choice.value} className="choice-card">
                <input
                  type="radio"
                  name="userType"
                  value={choice.value}
                  checked={userType === choice.value}
                  onChange={() => setUserType(choice.value)}
                  aria-labelledby={`user-type-${choice.value}`}
                  aria-describedby={`user-type-${choice.value}-description`}
                />
                <span className="choice-card__body">
                  <span id={`user-type-${choice.value}`} className="choice-card__label">
                    {choice.label}
                  </span>
                  <span
                    id={`user-type-${choice.value}-description`}
                    className="choice-card__description"
                  >
                    {choice.description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary btn--lg btn--block">
            다음
          </button>
        </form>
      ) : null}

      {step === "phone" ? (
        <div className="auth-form">
          <h2 ref={heading} tabIndex={-1} className="auth-card__step-title">
            휴대폰 번호를 인증해 주세요
          </h2>
          <p className="auth-card__lead">
            {userType === "PARENT"
              ? "자녀가 가입할 때 입력한 보호자 번호로 인증하면 자녀 계정과 바로 연결돼요."
              : "본인 명의가 아니어도 괜찮아요. 계정 찾기와 중요한 안내에 쓰여요."}
          </p>
          <PhoneVerification
            purpose="JOIN"
            verified={verified}
            onVerified={setVerified}
            onReset={() => setVerified(null)}
          />
          <div className="auth-form__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setStep("type")}>
              이전
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={!verified}
              onClick={() => {
                setDetailsOpened(true);
                setStep("details");
              }}
            >
              다음
            </button>
          </div>
        </div>
      ) : null}

      {detailsOpened ? (
        <div hidden={step !== "details"}>
          <JoinDetailsForm
            key={userType}
            headingRef={step === "details" ? heading : undefined}
            userType={userType}
            verified={verified}
            onBack={() => setStep("phone")}
            onVerificationExpired={() => {
              setVerified(null);
              setStep("phone");
            }}
            onJoined={(joined) => {
              setResult(joined);
              setStep("done");
            }}
          />
        </div>
      ) : null}
    </section>
  );
}
