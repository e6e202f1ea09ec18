import { passwordProblems } from "@seoltab/domain";
import { realnameField } from "./schemas";

/**
 * The check flags of the join form (SPEC.md §5 "Join flags are null until checked"): email and
 * nickname availability (server checks), the password (policy, not the email's id, the
 * confirmation equal) and the real name (well-formed). Each is null until its check ran for the
 * value now in the field, then true or false; the form joins only when every flag that applies
 * is true.
 */
export interface JoinCheckFlags {
  email: boolean | null;
  nickname: boolean | null;
  password: boolean | null;
  realname: boolean | null;
}

export const UNCHECKED_JOIN_FLAGS: Readonly<JoinCheckFlags> = Object.freeze({
  email: null,
  nickname: null,
  password: null,
  realname: null,
});

/** A check made for one value: its flag counts only while the field still holds that value. */
export interface CheckFor {
  value: string;
  ok: boolean;
}

/** The flag of `check` for the current value: null when unchecked or checked for another value. */
export function flagFor(check: CheckFor | null, value: string): boolean | null {
  return check && check.value === value ? check.ok : null;
}

/** The value a password check is made for: password, confirmation and email together. */
export function passwordCheckKey(password: string, confirm: string, email: string): string {
  return JSON.stringify([password, confirm, email.trim()]);
}

/** The password check: the policy holds (with the email rule) and the confirmation is equal. */
export function checkPassword(password: string, confirm: string, email: string): CheckFor {
  const ok = passwordProblems(password, email.trim()).length === 0 && password === confirm;
  return { value: passwordCheckKey(password, confirm, email), ok };
}

/** The real-name check: a name the server accepts (letters, spaces, · ' -; 1-50 characters). */
export function checkRealname(name: string): CheckFor {
  return { value: name.trim(), ok: realnameField.safeParse(name).success };
}

/**
 * True when the form may be sent: every applicable flag is true (nickname only where the form
 * asks for one). A null flag is not a pass: the form runs that check first.
 */
export function allJoinChecksPassed(flags: JoinCheckFlags, withNickname: boolean): boolean {
  return (
    flags.email === true &&
    flags.password === true &&
    flags.realname === true &&
    (!withNickname || flags.nickname === true)
  );
}
