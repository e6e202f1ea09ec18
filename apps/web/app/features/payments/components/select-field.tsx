import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * A labelled native select wired to react-hook-form, with its hint and error tied to it
 * (aria-describedby) and aria-invalid while it has an error. `label` may hold visually hidden
 * words so the accessible name says more than the visible one.
 */
export function SelectField({
  label,
  registration,
  options,
  error,
  hint,
  placeholder,
  ...selectProps
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "onChange" | "onBlur">) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="form-input form-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...selectProps}
        {...registration}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <div id={`${id}-hint`} className="form-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
