import type { LoginChild } from "../../../stores/root-store";

/** A parent's choice of the child the order is for (their CHILDREN of the login response). */
export function ChildPicker({
  options,
  value,
  onChange,
}: {
  options: LoginChild[];
  value: number | null;
  onChange: (userNo: number) => void;
}) {
  return (
    <div className="form-field enr-child">
      <label className="form-field__label" htmlFor="enr-child">
        수강할 자녀
      </label>
      <select
        id="enr-child"
        className="form-input form-select"
        value={value ?? ""}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {options.map((c) => (
          <option key={c.USER_NO} value={c.USER_NO}>
            {c.USER_NAME}
          </option>
        ))}
      </select>
    </div>
  );
}
