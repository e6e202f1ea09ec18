import { useId } from "react";
import type { LoginChild } from "../../../stores/root-store";

export interface ChildSwitcherProps {
  /** The parent's children (CHILDREN of the login response). */
  options: readonly LoginChild[];
  /** USER_NO of the child shown now. */
  value: number | null;
  onChange: (userNo: number) => void;
  /** The group's name for screen readers and on screen. Default "자녀 선택". */
  legend?: string;
}

/**
 * A parent's choice of the child whose lessons, payments and contracts are shown: a radio group
 * (arrow keys move between children, the name is the label), one chip per child. Renders nothing
 * without children.
 */
export function ChildSwitcher({
  options,
  value,
  onChange,
  legend = "자녀 선택",
}: ChildSwitcherProps) {
  const name = useId();
  if (options.length === 0) return null;
  return (
    <fieldset className="child-switcher">
      <legend className="child-switcher__legend">{legend}</legend>
      <div className="child-switcher__options">
        {options.map((child) => (
          <label key={child.USER_NO} className="child-switcher__option">
            <input
              type="radio"
              name={name}
              value={child.USER_NO}
              checked={child.USER_NO === value}
              onChange={() => onChange(child.USER_NO)}
            />
            <span className="child-switcher__name">{child.USER_NAME}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The switcher in its usual place on an account page of a parent: the group, and under it whose
 * page this is. `what` ends the sentence: "결제 내역이에요" → "김하늘 학생의 결제 내역이에요."
 */
export function ChildSwitcherBar({
  options,
  value,
  onChange,
  what,
}: Omit<ChildSwitcherProps, "legend"> & { what: string }) {
  const child = options.find((c) => c.USER_NO === value);
  return (
    <div className="child-switcher-bar">
      <ChildSwitcher options={options} value={value} onChange={onChange} />
      {child ? (
        <p className="child-switcher-bar__who" aria-live="polite">
          {child.USER_NAME} 학생의 {what}.
        </p>
      ) : null}
    </div>
  );
}
