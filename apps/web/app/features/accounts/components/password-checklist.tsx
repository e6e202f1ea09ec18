import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblems } from "@seoltab/domain";

const RULES = [
  {
    problems: ["too_short", "too_long"],
    text: `${PASSWORD_MIN_LENGTH}~${PASSWORD_MAX_LENGTH}자`,
  },
  { problems: ["needs_letter"], text: "영문자 포함" },
  { problems: ["needs_digit"], text: "숫자 포함" },
  { problems: ["needs_symbol"], text: "특수문자 포함" },
  { problems: ["contains_email"], text: "이메일 아이디 제외" },
] as const;

/**
 * Live feedback on the password policy (passwordProblems of @seoltab/domain): one line per
 * rule, marked met or not while the person types. Used as the password field's hint, so screen
 * readers hear it with the field.
 */
export function PasswordChecklist({ password, email }: { password: string; email: string }) {
  const problems = new Set<string>(passwordProblems(password, email));
  return (
    <ul className="checklist" aria-label="비밀번호 조건">
      {RULES.map((rule) => {
        const met = password.length > 0 && !rule.problems.some((p) => problems.has(p));
        return (
          <li key={rule.text} className="checklist__item" data-met={met ? "true" : "false"}>
            <span className="checklist__icon" aria-hidden="true">
              {met ? "✓" : "·"}
            </span>
            {rule.text}
            <span className="visually-hidden">{met ? " (충족)" : " (아직 충족하지 않음)"}</span>
          </li>
        );
      })}
    </ul>
  );
}
