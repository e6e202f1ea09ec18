import { TERM_SERVICES, TERMS, type TermService } from "@seoltab/domain";
import { useEffect, useId, useRef } from "react";

export type AgreedTerms = Record<TermService, string[]>;

export const NO_TERMS_AGREED: AgreedTerms = { SEOLTAB: [], ONUEI: [] };

const SERVICE_NAMES: Record<TermService, string> = {
  SEOLTAB: "설탭",
  ONUEI: "오누이 통합 회원",
};

/** Every term of both services, required and optional. */
export function allTermsAgreed(): AgreedTerms {
  return {
    SEOLTAB: TERMS.filter((t) => t.service === "SEOLTAB").map((t) => t.id),
    ONUEI: TERMS.filter((t) => t.service === "ONUEI").map((t) => t.id),
  };
}

function countAgreed(value: AgreedTerms): number {
  return TERM_SERVICES.reduce((sum, service) => sum + value[service].length, 0);
}

export interface TermsAgreementProps {
  value: AgreedTerms;
  onChange: (value: AgreedTerms) => void;
  /** Shown under the list, e.g. when a required term is missing at submit. */
  error?: string | null;
}

/**
 * The terms of the two services (TERMS of @seoltab/domain): "전체 동의" (mixed while only some
 * are checked), then each service's terms, required ones marked 필수.
 */
export function TermsAgreement({ value, onChange, error }: TermsAgreementProps) {
  const id = useId();
  const allBox = useRef<HTMLInputElement>(null);
  const agreed = countAgreed(value);
  const all = agreed === TERMS.length;

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = agreed > 0 && !all;
  }, [agreed, all]);

  const toggle = (service: TermService, termId: string, checked: boolean) => {
    const current = value[service].filter((t) => t !== termId);
    onChange({ ...value, [service]: checked ? [...current, termId] : current });
  };

  return (
    <fieldset
      className="terms"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="terms__legend">약관 동의</legend>
      <label className="terms__all">
        <input
          ref={allBox}
          type="checkbox"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? allTermsAgreed() : NO_TERMS_AGREED)}
        />
        <span>전체 동의 (선택 항목 포함)</span>
      </label>
      {TERM_SERVICES.map((service) => (
        <fieldset key={service} className="terms__group">
          <legend className="terms__group-title">{SERVICE_NAMES[service]}</legend>
          {TERMS.filter((term) => term.service === service).map((term) => (
            <label key={`${service}-${term.id}`} className="terms__item">
              <input
                type="checkbox"
                checked={value[service].includes(term.id)}
                onChange={(event) => toggle(service, term.id, event.target.checked)}
              />
              <span>
                {term.required ? <span className="terms__required">[필수] </span> : null}
                {term.title}
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
