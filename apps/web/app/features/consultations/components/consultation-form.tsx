import {
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from "react";
import { useLocation } from "react-router";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { submitConsultationRequest } from "../api";
import { PRIVACY_NOTICE } from "../content";
import {
  APPLICANT_TYPE_OPTIONS,
  GRADE_OPTIONS,
  MAX_MEMO_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PREFERRED_TIME_NOTE_LENGTH,
  PREFERRED_TIME_OPTIONS,
  SUBJECT_OPTIONS,
  type PreferredTime,
} from "../options";
import {
  EMPTY_FORM,
  fieldOfWireName,
  firstInvalidField,
  toPayload,
  validateConsultationForm,
  type ConsultationFormValues,
  type FieldErrors,
  type FieldName,
  type VerifiedPhone,
} from "../schema";
import { readSessionUtm } from "../session-utm";
import { PhoneField } from "./phone-field";

/** What the thank-you state shows about the request just made. */
export interface SubmittedRequest {
  requestId: string;
  name: string;
  /** Digits. */
  phone: string;
  preferredTime: PreferredTime;
}

const noop = () => () => undefined;

/** False in the prerendered HTML and during hydration, true once the page is interactive. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const CHECK_FORM = "입력 내용을 확인해 주세요. 표시된 항목을 고치면 신청할 수 있어요.";

interface FormProblem {
  message: string;
  /** Offer "다시 시도하기" (no answer, or a server failure): the same request is sent again. */
  retry: boolean;
}

/**
 * The consultation request form (issue #6 "/consultation"): who applies, name, grade, subject,
 * phone with SMS verification, preferred time, memo, privacy consent. Validated on submit and,
 * after the first submit, on every change; the first invalid field gets focus. Sends the
 * session's utm values. Buttons work only once the page has hydrated (the prerendered form
 * cannot be sent without JavaScript, so nothing leaks into a URL). A lost answer can be retried
 * safely: the request is idempotent on the verification token.
 */
export function ConsultationForm({ onSubmitted }: { onSubmitted: (r: SubmittedRequest) => void }) {
  const ready = useHydrated();
  const uid = useId();
  const idOf = (field: FieldName) => `${uid}-${field}`;
  const [values, setValues] = useState<ConsultationFormValues>(EMPTY_FORM);
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);

  // A subject named by the link (/consultation?subject=수학, e.g. from a diagnosis report) is
  // chosen at the start; anything that is not one of the subjects is ignored.
  const { search } = useLocation();
  useEffect(() => {
    const wanted = new URLSearchParams(search).get("subject");
    const subject = SUBJECT_OPTIONS.find((s) => s === wanted);
    if (subject) setValues((v) => (v.subject ? v : { ...v, subject }));
  }, [search]);

  const update = (next: ConsultationFormValues, nextVerified = verified) => {
    setValues(next);
    if (attempted) setErrors(validateConsultationForm(next, nextVerified));
  };
  const set = <K extends keyof ConsultationFormValues>(key: K, value: ConsultationFormValues[K]) =>
    update({ ...values, [key]: value });

  const focusField = (field: FieldName) => {
    const target =
      document.getElementById(idOf(field)) ??
      (field === "verification" ? document.getElementById(idOf("phone")) : null);
    target?.focus();
  };

  const send = async () => {
    if (!ready || submitting) return;
    setAttempted(true);
    const found = validateConsultationForm(values, verified);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first || !verified) {
      setProblem({ message: CHECK_FORM, retry: false });
      if (first) focusField(first);
      return;
    }
    setProblem(null);
    setSubmitting(true);
    try {
      const response = await submitConsultationRequest(
        toPayload(values, verified, readSessionUtm(window.location.search)),
      );
      onSubmitted({
        requestId: response.REQUEST_ID,
        name: values.name.trim(),
        phone: verified.phone,
        preferredTime: values.preferredTime as PreferredTime,
      });
    } catch (err) {
      setSubmitting(false);
      if (!isRestError(err)) {
        setProblem({ message: NETWORK_ERROR_MESSAGE, retry: true });
        return;
      }
      if (err.errorCode === "verification_invalid" || err.errorCode === "verification_mismatch") {
        setVerified(null);
        setErrors((prev) => ({ ...prev, verification: err.message }));
        setProblem({ message: err.message, retry: false });
        focusField("phone");
        return;
      }
      if (err.errorCode === "validation_failed" && err.fields.length > 0) {
        const fromServer: FieldErrors = {};
        for (const field of err.fields) {
          const name = fieldOfWireName(field.NAME);
          if (name && fromServer[name] === undefined) fromServer[name] = field.MESSAGE;
        }
        setErrors((prev) => ({ ...prev, ...fromServer }));
        const firstServer = firstInvalidField(fromServer);
        setProblem({ message: firstServer ? CHECK_FORM : err.message, retry: !firstServer });
        if (firstServer) focusField(firstServer);
        return;
      }
      setProblem({
        message: err.message,
        retry: err.status === 0 || err.status >= 500,
      });
      return;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const errorOf = (field: FieldName) => errors[field];
  /** A text control's id, name and aria-invalid (its Field gives aria-describedby). */
  const controlOf = (field: Exclude<FieldName, "verification">) => ({
    id: idOf(field),
    name: field,
    "aria-invalid": errorOf(field) ? true : undefined,
  });
  /** A ChoiceGroup's name, first radio id, error, value and change for `field`. */
  const choiceOf = <K extends "applicantType" | "subject" | "preferredTime">(field: K) => ({
    name: field,
    firstId: idOf(field),
    error: errorOf(field),
    value: values[field],
    onChange: (value: string) => set(field, value as ConsultationFormValues[K]),
  });

  return (
    <form className="cst-form" noValidate onSubmit={onSubmit} aria-describedby={`${uid}-required`}>
      <p id={`${uid}-required`} className="cst-form__note">
        (선택) 표시가 없는 항목은 모두 입력해 주세요.
      </p>

      <ChoiceGroup
        legend="신청하시는 분"
        {...choiceOf("applicantType")}
        layout="pair"
        options={APPLICANT_TYPE_OPTIONS}
      />

      <Field
        id={idOf("name")}
        label="이름"
        hint="상담 전화를 드릴 때 확인할 이름이에요."
        error={errorOf("name")}
      >
        {(describedBy) => (
          <input
            {...controlOf("name")}
            className="cst-input"
            type="text"
            autoComplete="name"
            maxLength={MAX_NAME_LENGTH + 10}
            value={values.name}
            onChange={(event) => set("name", event.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>

      <Field id={idOf("grade")} label="학생 학년" error={errorOf("grade")}>
        {(describedBy) => (
          <select
            {...controlOf("grade")}
            className="cst-input cst-select"
            value={values.grade}
            onChange={(event) =>
              set("grade", event.target.value as ConsultationFormValues["grade"])
            }
            aria-describedby={describedBy}
          >
            <option value="">학년을 골라 주세요</option>
            {GRADE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      <ChoiceGroup
        legend="상담 과목"
        {...choiceOf("subject")}
        layout="chips"
        options={SUBJECT_OPTIONS.map((s) => ({ value: s, label: s }))}
      />

      <PhoneField
        id={idOf("phone")}
        verificationId={idOf("verification")}
        value={values.phone}
        onChange={(value) => set("phone", value)}
        error={errorOf("phone")}
        verificationError={errorOf("verification")}
        verified={verified}
        onVerified={(next) => {
          setVerified(next);
          if (attempted) setErrors(validateConsultationForm(values, next));
        }}
        onReset={() => {
          setVerified(null);
        }}
        ready={ready}
      />

      <ChoiceGroup
        legend="연락받기 편한 시간"
        {...choiceOf("preferredTime")}
        layout="list"
        options={PREFERRED_TIME_OPTIONS}
      />

      <Field
        id={idOf("preferredTimeNote")}
        label="희망 시간 메모"
        optional
        hint={`예: 화·목 저녁 7시 이후 (${MAX_PREFERRED_TIME_NOTE_LENGTH}자까지)`}
        error={errorOf("preferredTimeNote")}
      >
        {(describedBy) => (
          <input
            {...controlOf("preferredTimeNote")}
            className="cst-input"
            type="text"
            value={values.preferredTimeNote}
            onChange={(event) => set("preferredTimeNote", event.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>

      <Field
        id={idOf("memo")}
        label="궁금한 점"
        optional
        hint={
          <>
            지금 고민이나 목표를 적어 주시면 더 잘 준비해서 연락드려요.{" "}
            <span className="cst-counter">
              {values.memo.length}/{MAX_MEMO_LENGTH}자
            </span>
          </>
        }
        error={errorOf("memo")}
      >
        {(describedBy) => (
          <textarea
            {...controlOf("memo")}
            className="cst-input cst-textarea"
            rows={4}
            value={values.memo}
            onChange={(event) => set("memo", event.target.value)}
            aria-describedby={describedBy}
          />
        )}
      </Field>

      <section className="cst-privacy" aria-labelledby={`${uid}-privacy-title`}>
        <h2 id={`${uid}-privacy-title`} className="cst-privacy__title">
          {PRIVACY_NOTICE.title}
        </h2>
        <dl className="cst-privacy__list">
          {PRIVACY_NOTICE.rows.map((row) => (
            <div key={row.label} className="cst-privacy__row">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
        <p className="cst-privacy__refusal">{PRIVACY_NOTICE.refusal}</p>
        <label className="cst-check">
          <input
            {...controlOf("privacyAgreed")}
            type="checkbox"
            checked={values.privacyAgreed}
            onChange={(event) => set("privacyAgreed", event.target.checked)}
            aria-describedby={errorOf("privacyAgreed") ? `${uid}-privacy-error` : undefined}
          />
          <span>{PRIVACY_NOTICE.checkbox}</span>
        </label>
        {errorOf("privacyAgreed") ? (
          <p id={`${uid}-privacy-error`} className="cst-field__error">
            {errorOf("privacyAgreed")}
          </p>
        ) : null}
      </section>

      {problem ? (
        <div className="cst-alert" role="alert">
          <p>{problem.message}</p>
          {problem.retry ? (
            <button type="button" className="btn btn--secondary" onClick={() => void send()}>
              다시 시도하기
            </button>
          ) : null}
        </div>
      ) : null}

      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block cst-submit"
        disabled={!ready || submitting}
      >
        {submitting ? "신청하는 중…" : "상담 신청하기"}
      </button>
      <noscript>
        <p className="cst-form__note">
          상담 신청은 브라우저의 자바스크립트가 켜져 있어야 보낼 수 있어요.
        </p>
      </noscript>
    </form>
  );
}

/** A labelled control with its hint and error tied to it (aria-describedby). */
function Field({
  id,
  label,
  hint,
  error,
  optional = false,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="cst-field">
      <label className="cst-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="cst-field__optional"> (선택)</span> : null}
      </label>
      {children(describedBy || undefined)}
      {hint ? (
        <p id={hintId} className="cst-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="cst-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A set of radio buttons shown as cards (fieldset + legend); arrow keys move between them. */
function ChoiceGroup({
  legend,
  name,
  firstId,
  options,
  value,
  onChange,
  error,
  layout,
}: {
  legend: string;
  name: string;
  /** Id of the first radio (focused on an error). */
  firstId: string;
  options: readonly { value: string; label: string; hint?: string }[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /**
   * pair: two cards side by side; list: one card per row on a phone, two from 480 px; chips:
   * short labels wrapping as pills.
   */
  layout: "pair" | "list" | "chips";
}) {
  const errorId = `${firstId}-error`;
  return (
    <fieldset
      className="cst-field cst-choices"
      aria-describedby={error ? errorId : undefined}
      data-layout={layout}
    >
      <legend className="cst-field__label">{legend}</legend>
      <div className="cst-choices__grid">
        {options.map((option, index) => (
          <label
            key={option.value}
            className={
              layout === "chips"
                ? "choice-card cst-choice cst-choice--chip"
                : "choice-card cst-choice"
            }
          >
            <input
              id={index === 0 ? firstId : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
            />
            <span className="cst-choice__body">
              <span className="cst-choice__label">{option.label}</span>
              {option.hint ? <span className="cst-choice__hint">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="cst-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
