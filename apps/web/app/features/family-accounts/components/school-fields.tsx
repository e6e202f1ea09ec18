/**
 * A child's school level, grade and gender (SPEC.md §3 student fields), shared by
 * /CreateStudentAccount and /UpdateStudentAccount. Choosing a level resets the grade to its
 * first (the caller's onLevel decides).
 */
import type { SchoolLevel } from "@seoltab/domain/family-accounts";
import { SCHOOL_LEVEL_LABELS, gradeOptions } from "../labels";

export type Gender = "MAN" | "WOMAN";

export function SchoolFields({
  id,
  level,
  grade,
  gender,
  onLevel,
  onGrade,
  onGender,
}: {
  /** The form's useId(), prefix of the inputs' ids and radio names. */
  id: string;
  level: SchoolLevel;
  grade: string;
  gender: Gender;
  onLevel: (level: SchoolLevel) => void;
  onGrade: (grade: string) => void;
  onGender: (gender: Gender) => void;
}) {
  return (
    <>
      <fieldset>
        <legend>학교급</legend>
        <div className="family-choices">
          {(["MIDDLE", "HIGH"] as const).map((l) => (
            <label key={l} className="family-choice">
              <input
                type="radio"
                name={`${id}-level`}
                checked={level === l}
                onChange={() => onLevel(l)}
              />
              {SCHOOL_LEVEL_LABELS[l]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-grade`}>
          학년
        </label>
        <select
          id={`${id}-grade`}
          className="form-input"
          value={grade}
          onChange={(e) => onGrade(e.target.value)}
        >
          {gradeOptions(level).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>성별</legend>
        <div className="family-choices">
          {(
            [
              ["MAN", "남자"],
              ["WOMAN", "여자"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="family-choice">
              <input
                type="radio"
                name={`${id}-gender`}
                checked={gender === value}
                onChange={() => onGender(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
