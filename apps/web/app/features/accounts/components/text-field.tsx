import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

export interface FieldStatus {
  tone: "success" | "error" | "info";
  text: string;
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "name" | "onChange" | "onBlur"
> {
  label: string;
  registration: UseFormRegisterReturn;
  /** The validation message; marks the input invalid. */
  error?: string;
  /** Help shown under the input (format, rules). */
  hint?: ReactNode;
  /** A result shown under the input, e.g. an availability check. */
  status?: FieldStatus | null;
  /** A button beside the input (e.g. 중복 확인). */
  action?: ReactNode;
  /** Extra content under the input (e.g. the password checklist). */
  children?: ReactNode;
  /** Shows "(선택)" after the label. */
  optional?: boolean;
}

/**
 * A labelled text input wired to react-hook-form, with its hint, status and error tied to it
 * through aria-describedby, and aria-invalid while it has an error.
 */
export function TextField({
  label,
  registration,
  error,
  hint,
  status,
  action,
  children,
  optional = false,
  className,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, status ? statusId : null, error ? errorId : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="form-field__optional"> (선택)</span> : null}
      </label>
      <div className={action ? "form-field__row" : undefined}>
        <input
          id={id}
          className={["form-input", className].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...inputProps}
          {...registration}
        />
        {action}
      </div>
      {hint ? (
        <div id={hintId} className="form-field__hint">
          {hint}
        </div>
      ) : null}
      {status ? (
        <p id={statusId} className={`form-field__status form-field__status--${status.tone}`}>
          {status.text}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A form-level message (e.g. the server's answer) announced when it appears. */
export function FormAlert({
  children,
  tone = "error",
}: {
  children: ReactNode;
  tone?: "error" | "info";
}) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** A password input with a show/hide button (aria-pressed), otherwise a TextField. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "action">) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      action={
        <button
          type="button"
          className="btn btn--secondary form-field__action"
          aria-pressed={visible}
          aria-label={`${props.label} ${visible ? "숨기기" : "보기"}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? "숨기기" : "보기"}
        </button>
      }
    />
  );
}
