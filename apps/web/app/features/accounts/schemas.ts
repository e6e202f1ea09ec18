/**
 * Field schemas of the accounts forms (sign-in, join, parent consent), written once and
 * composed per form (SPEC.md §3 "Join form", §5; docs/api/accounts.md). Messages are Korean and
 * say what to do. The rules themselves come from @seoltab/domain, shared with the api.
 */
import {
  GENDERS,
  GRADE_OPTIONS,
  PASSWORD_PROBLEM_MESSAGES,
  isUnderFourteen,
  normalizeMobile,
  passwordProblems,
} from "@seoltab/domain";
import { z } from "zod";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string()
  .trim()
  .min(1, "이메일 주소를 입력해 주세요.")
  .max(254, "이메일 주소가 너무 길어요.")
  .regex(EMAIL_PATTERN, "이메일 주소 형식을 확인해 주세요. 예: name@example.com");

/** Sign-in only checks that something was typed; the policy applies when a password is made. */
export const signInPasswordField = z
  .string()
  .min(1, "비밀번호를 입력해 주세요.")
  .max(128, "비밀번호가 너무 길어요.");

/** A new password: the policy of passwordProblems (the email rule is checked with the email). */
export const newPasswordField = z.string().superRefine((value, ctx) => {
  if (!value) {
    ctx.addIssue({ code: "custom", message: "비밀번호를 입력해 주세요." });
    return;
  }
  const first = passwordProblems(value).find((problem) => problem !== "contains_email");
  if (first) ctx.addIssue({ code: "custom", message: PASSWORD_PROBLEM_MESSAGES[first] });
});

/** A Korean mobile number, any of 010-1234-5678 / 01012345678; output: digits. */
export const mobileField = z
  .string()
  .trim()
  .min(1, "휴대폰 번호를 입력해 주세요.")
  .refine((value) => normalizeMobile(value) !== null, {
    message: "휴대폰 번호를 확인해 주세요. 예: 010-1234-5678",
  })
  .transform((value) => normalizeMobile(value) ?? value);

export const codeField = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, "문자로 받은 인증번호 6자리를 입력해 주세요.");

/** A person's name as the server accepts it: letters of any script, spaces, · ' -; 1-50. */
export const realnameField = z
  .string()
  .trim()
  .min(1, "이름을 입력해 주세요.")
  .max(50, "이름은 50자까지 입력할 수 있어요.")
  .regex(/^\p{L}[\p{L}\p{M} .·'-]*$/u, "이름은 한글 또는 영문으로 입력해 주세요.");

export const nicknameField = z
  .string()
  .trim()
  .min(2, "닉네임을 2자 이상 입력해 주세요.")
  .max(20, "닉네임은 20자까지 입력할 수 있어요.")
  .regex(/^[\p{L}\p{N}_]+$/u, "닉네임은 한글, 영문, 숫자, _ 로만 만들 수 있어요.");

/** School grades a student picks at join; the value is sent as GRADE (packages/domain). */
export { GRADE_OPTIONS };

export const gradeField = z
  .string()
  .refine((value) => GRADE_OPTIONS.some((option) => option.value === value), {
    message: "학년을 골라 주세요.",
  });

export const genderField = z.enum(GENDERS, { message: "성별을 골라 주세요." });

/** YYYY-MM-DD, a real date between 1900-01-01 and today (UTC calendar). */
export const birthDateField = z
  .string()
  .min(1, "생년월일을 입력해 주세요.")
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, "생년월일을 YYYY-MM-DD 형식으로 입력해 주세요.")
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().slice(0, 10) === value &&
        value >= "1900-01-01" &&
        date.getTime() <= Date.now()
      );
    },
    { message: "생년월일을 다시 확인해 주세요." },
  );

export const JOIN_USER_TYPES = ["STUDENT", "TEACHER", "PARENT"] as const;
export type JoinUserType = (typeof JOIN_USER_TYPES)[number];

/** The sign-in form of /sign_in, /parent_sign_in and /accounts/login. */
export const signInSchema = z.object({
  email: emailField,
  password: signInPasswordField,
});
export type SignInValues = z.input<typeof signInSchema>;

/** Asking for an SMS code. */
export const phoneSchema = z.object({ phone: mobileField });
/** Entering it. */
export const codeSchema = z.object({ code: codeField });

/**
 * The account details step of the join form. Which fields apply depends on the user type
 * (nickname for students and tutors, grade for students) and on the age (a parent's phone
 * under 14, 만 나이 in Asia/Seoul), so the per-type rules run in superRefine; `now` is the
 * time the age is computed at.
 */
export function joinDetailsSchema(userType: JoinUserType, now: () => Date = () => new Date()) {
  return z
    .object({
      email: emailField,
      password: newPasswordField,
      passwordConfirm: z.string().min(1, "비밀번호를 한 번 더 입력해 주세요."),
      realname: realnameField,
      nickname: z.string(),
      grade: z.string(),
      gender: genderField,
      birthDate: birthDateField,
      parentPhone: z.string(),
    })
    .superRefine((values, ctx) => {
      if (
        values.password &&
        passwordProblems(values.password, values.email).includes("contains_email")
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["password"],
          message: PASSWORD_PROBLEM_MESSAGES.contains_email,
        });
      }
      if (values.passwordConfirm && values.password !== values.passwordConfirm) {
        ctx.addIssue({
          code: "custom",
          path: ["passwordConfirm"],
          message: "비밀번호가 서로 달라요. 같은 비밀번호를 입력해 주세요.",
        });
      }
      if (userType !== "PARENT") {
        const nickname = nicknameField.safeParse(values.nickname);
        if (!nickname.success) {
          ctx.addIssue({
            code: "custom",
            path: ["nickname"],
            message: nickname.error.issues[0]?.message ?? "닉네임을 확인해 주세요.",
          });
        }
      }
      if (userType === "STUDENT" && !gradeField.safeParse(values.grade).success) {
        ctx.addIssue({ code: "custom", path: ["grade"], message: "학년을 골라 주세요." });
      }
      if (
        birthDateField.safeParse(values.birthDate).success &&
        isUnderFourteen(values.birthDate, now())
      ) {
        if (userType !== "STUDENT") {
          ctx.addIssue({
            code: "custom",
            path: ["birthDate"],
            message:
              userType === "PARENT"
                ? "보호자 회원은 만 14세 이상만 가입할 수 있어요."
                : "선생님 회원은 만 14세 이상만 가입할 수 있어요.",
          });
        } else if (!mobileField.safeParse(values.parentPhone).success) {
          ctx.addIssue({
            code: "custom",
            path: ["parentPhone"],
            message: "만 14세 미만은 보호자 휴대폰 번호가 필요해요. 예: 010-1234-5678",
          });
        }
      }
    });
}
export type JoinDetailsValues = z.input<ReturnType<typeof joinDetailsSchema>>;

/** The parent-consent form: the parent's name and agreement (the phone is verified apart). */
export const parentConsentSchema = z.object({
  parentName: realnameField,
  agreed: z.boolean().refine((value) => value, {
    message: "자녀의 가입과 개인정보 수집·이용에 동의해야 진행할 수 있어요.",
  }),
});
export type ParentConsentValues = z.input<typeof parentConsentSchema>;

/**
 * 비밀번호 찾기: the account's email and a new password under the policy (not containing the
 * email's local part), typed twice.
 */
export const passwordResetSchema = z
  .object({
    email: emailField,
    newPassword: newPasswordField,
    newPasswordConfirm: z.string().min(1, "새 비밀번호를 한 번 더 입력해 주세요."),
  })
  .superRefine((values, ctx) => {
    if (
      values.newPassword &&
      passwordProblems(values.newPassword, values.email).includes("contains_email")
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: PASSWORD_PROBLEM_MESSAGES.contains_email,
      });
    }
    if (values.newPasswordConfirm && values.newPassword !== values.newPasswordConfirm) {
      ctx.addIssue({
        code: "custom",
        path: ["newPasswordConfirm"],
        message: "새 비밀번호가 서로 달라요. 같은 비밀번호를 입력해 주세요.",
      });
    }
  });
export type PasswordResetValues = z.input<typeof passwordResetSchema>;
