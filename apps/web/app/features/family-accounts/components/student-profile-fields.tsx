/**
 * A child's name, school level, grade and gender (SPEC.md §3 student fields), shared by
 * /CreateStudentAccount and /UpdateStudentAccount. Choosing a level resets the grade to that
 * level's first.
 */
import { GRADES_OF_LEVEL, type SchoolLevel } from "@seoltab/domain/family-accounts";
import { SCHOOL_LEVEL_LABELS, gradeOptions } from "../labels";

export type Gender = "MAN" | "WOMAN";

/** The profile fields as the form holds them: `name` untrimmed, `grade` a GRADES_OF_LEVEL value. */
export interface StudentProfile {
  name: string;
  level: SchoolLevel;
  grade: string;
  gender: Gender;
}

/**
 * The name input (`{id}-name`, at most 50 characters, labelled `nameLabel`) and the school
 * fields; every change answers the whole new profile through `onChange`.
 */
export function StudentProfileFields({
  id,
  nameLabel,
  nameAutoComplete,
  profile,
  onChange,
}: {
  /** The form's useId(), prefix of the inputs' ids and radio names. */
  id: string;
  nameLabel: string;
  /** The name input's autocomplete attribute; none when left out. */
  nameAutoComplete?: string;
  profile: StudentProfile;
  onChange: (profile: StudentProfile) => void;
}) {
  return (
    <>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-name`}>
          {nameLabel}
        </label>
        <input
          id={`${id}-name`}
          className="form-input"
          value={profile.name}
          maxLength={50}
          autoComplete={nameAutoComplete}
          onChange={(e) => onChange({ ...profile, name: e.target.value })}
        />
      </div>
      <SchoolFields
        id={id}
        level={profile.level}
        grade={profile.grade}
        gender={profile.gender}
        onLevel={(level) => onChange({ ...profile, level, grade: GRADES_OF_LEVEL[level][0]! })}
        onGrade={(grade) => onChange({ ...profile, grade })}
        onGender={(gender) => onChange({ ...profile, gender })}
      />
    </>
  );
}

function SchoolFields({
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
