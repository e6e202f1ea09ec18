import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

export interface Choice {
  value: string;
  label: ReactNode;
  /** A second line under the label. */
  hint?: ReactNode;
  /** A small tag beside the label, e.g. "5% 할인". */
  badge?: string;
  disabled?: boolean;
}

/**
 * A radio group drawn as selectable cards: a fieldset with its legend, one native radio per
 * choice (keyboard: arrow keys move within the group), hint and badge inside the label so a
 * screen reader reads them with the choice.
 */
export function ChoiceGroup({
  legend,
  name,
  choices,
  registration,
  columns = 2,
  description,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
  columns?: 2 | 3 | 4;
  description?: ReactNode;
}) {
  const descriptionId = `${name}-description`;
  return (
    <fieldset className="panel" aria-describedby={description ? descriptionId : undefined}>
      <legend className="enr-group__legend">{legend}</legend>
      {description ? (
        <p id={descriptionId} className="enr-group__description">
          {description}
        </p>
      ) : null}
      <div className={`enr-choices enr-choices--${columns}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`choice-card enr-choice${choice.disabled ? " enr-choice--disabled" : ""}`}
          >
            <input
              type="radio"
              className="enr-choice__input"
              value={choice.value}
              disabled={choice.disabled}
              {...registration}
            />
            <span className="enr-choice__body">
              <span className="enr-choice__label">
                {choice.label}
                {choice.badge ? <span className="enr-choice__badge">{choice.badge}</span> : null}
              </span>
              {choice.hint ? <span className="enr-choice__hint">{choice.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
