/**
 * The consultation form's rules and its payload (docs/api/consultations.md), written once and
 * used by the form on every submit and on every change after the first. Messages are Korean and
 * say what to do. zod/mini (about 5 kB) rather than zod: /consultation is a prerendered public
 * page whose bundle stays small, and react-hook-form is kept out of such pages
 * (app/bundle-boundary.test.ts); the form state is plain React state.
 */
import { normalizeMobile, UTM_KEYS, type UtmValues } from "@seoltab/domain";
import * as z from "zod/mini";
import {
  APPLICANT_TYPE_OPTIONS,
  GRADE_OPTIONS,
  isGuardianOnlyGrade,
  MAX_MEMO_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PREFERRED_TIME_NOTE_LENGTH,
  MAX_UTM_VALUE_LENGTH,
  PREFERRED_TIME_OPTIONS,
  SUBJECT_OPTIONS,
  type ApplicantType,
  type Grade,
  type PreferredTime,
  type Subject,
} from "./options";

/** What the person has typed and chosen ("" while nothing is chosen). */
export interface ConsultationFormValues {
  applicantType: ApplicantType | "";
  name: string;
  grade: Grade | "";
  subject: Subject | "";
  /** As typed: 010-1234-5678 or 01012345678. */
  phone: string;
  preferredTime: PreferredTime | "";
  preferredTimeNote: string;
  memo: string;
  privacyAgreed: boolean;
}

export const EMPTY_FORM: ConsultationFormValues = {
  applicantType: "",
  name: "",
  grade: "",
  subject: "",
  phone: "",
  preferredTime: "",
  preferredTimeNote: "",
  memo: "",
  privacyAgreed: false,
};

/** A phone proven by an SMS code: its digits and the verification token (purpose CONSULTATION). */
export interface VerifiedPhone {
  phone: string;
  token: string;
}

/** Fields an error can belong to; `verification` is the SMS step of the phone field. */
export type FieldName = keyof ConsultationFormValues | "verification";
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Focus order of the fields, top to bottom (the first invalid one gets focus). */
export const FIELD_ORDER: readonly FieldName[] = [
  "applicantType",
  "name",
  "grade",
  "subject",
  "phone",
  "verification",
  "preferredTime",
  "preferredTimeNote",
  "memo",
  "privacyAgreed",
];

export const MESSAGES = {
  applicantType: "신청하시는 분을 학부모 또는 학생 중에서 골라 주세요.",
  nameRequired: "이름을 입력해 주세요.",
  nameTooLong: `이름은 ${MAX_NAME_LENGTH}자까지 입력할 수 있어요.`,
  namePattern: "이름은 한글 또는 영문으로 입력해 주세요.",
  grade: "학년을 골라 주세요.",
  guardianRequired:
    "초등학생은 보호자(학부모)가 신청해 주세요. 신청하시는 분을 ‘학부모’로 바꿔 주세요.",
  subject: "상담 과목을 골라 주세요.",
  phoneRequired: "휴대폰 번호를 입력해 주세요.",
  phonePattern: "휴대폰 번호를 확인해 주세요. 예: 010-1234-5678",
  verification:
    "휴대폰 인증을 마쳐 주세요. ‘인증번호 받기’를 누르고 문자로 받은 6자리를 입력하면 돼요.",
  code: "문자로 받은 인증번호 6자리를 입력해 주세요.",
  preferredTime: "연락받기 편한 시간대를 골라 주세요.",
  preferredTimeNote: `희망 시간 메모는 ${MAX_PREFERRED_TIME_NOTE_LENGTH}자까지 입력할 수 있어요.`,
  memo: `문의 내용은 ${MAX_MEMO_LENGTH}자까지 입력할 수 있어요.`,
  privacy: "개인정보 수집·이용에 동의해야 상담을 신청할 수 있어요.",
} as const;

const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z.string().check(z.refine((value) => (values as readonly string[]).includes(value), message));

/** Per-field rules (cross-field ones are in validateConsultationForm). */
const fieldSchema = z.object({
  applicantType: oneOf(
    APPLICANT_TYPE_OPTIONS.map((o) => o.value),
    MESSAGES.applicantType,
  ),
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, MESSAGES.nameRequired),
      z.maxLength(MAX_NAME_LENGTH, MESSAGES.nameTooLong),
      z.regex(/^\p{L}[\p{L}\p{M} .·'-]*$/u, MESSAGES.namePattern),
    ),
  grade: oneOf(
    GRADE_OPTIONS.map((o) => o.value),
    MESSAGES.grade,
  ),
  subject: oneOf(SUBJECT_OPTIONS, MESSAGES.subject),
  phone: z.string().check(
    z.trim(),
    z.minLength(1, MESSAGES.phoneRequired),
    z.refine((value) => normalizeMobile(value) !== null, MESSAGES.phonePattern),
  ),
  preferredTime: oneOf(
    PREFERRED_TIME_OPTIONS.map((o) => o.value),
    MESSAGES.preferredTime,
  ),
  preferredTimeNote: z
    .string()
    .check(z.trim(), z.maxLength(MAX_PREFERRED_TIME_NOTE_LENGTH, MESSAGES.preferredTimeNote)),
  memo: z.string().check(z.trim(), z.maxLength(MAX_MEMO_LENGTH, MESSAGES.memo)),
  privacyAgreed: z.boolean().check(z.refine((value) => value, MESSAGES.privacy)),
});

/** The phone as digits, or null when it is not a mobile number. */
export function phoneDigits(phone: string): string | null {
  return normalizeMobile(phone.trim());
}

/**
 * Every problem of the form, one message per field (the first rule that fails). The phone must
 * be verified, and verified for the number now in the field.
 */
export function validateConsultationForm(
  values: ConsultationFormValues,
  verified: VerifiedPhone | null,
): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = z.safeParse(fieldSchema, values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (
    errors.grade === undefined &&
    values.applicantType === "STUDENT" &&
    isGuardianOnlyGrade(values.grade)
  ) {
    errors.grade = MESSAGES.guardianRequired;
  }
  const digits = phoneDigits(values.phone);
  if (errors.phone === undefined && (verified === null || verified.phone !== digits)) {
    errors.verification = MESSAGES.verification;
  }
  return errors;
}

/** The first field with an error, in form order. */
export function firstInvalidField(errors: FieldErrors): FieldName | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined);
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * The utm values to send: the five keys only, trimmed, control characters removed, cut to the
 * api's 200 characters, empty ones left out (a long campaign value never blocks a request).
 */
export function cleanUtm(values: UtmValues | Record<string, unknown>): UtmValues {
  const out: UtmValues = {};
  for (const key of UTM_KEYS) {
    const value = (values as Record<string, unknown>)[key];
    if (typeof value !== "string") continue;
    const cleaned = value.replace(CONTROL_CHARACTERS, "").trim().slice(0, MAX_UTM_VALUE_LENGTH);
    if (cleaned) out[key] = cleaned;
  }
  return out;
}

/** The body of POST /main/consultation_request. */
export interface ConsultationRequestPayload {
  APPLICANT_TYPE: ApplicantType;
  NAME: string;
  GRADE: Grade;
  SUBJECT: Subject;
  PHONE_NUM: string;
  VERIFICATION_TOKEN: string;
  PREFERRED_TIME: PreferredTime;
  PREFERRED_TIME_NOTE?: string;
  MEMO?: string;
  PRIVACY_AGREED: true;
  UTM: UtmValues;
}

/**
 * The request body of a valid form (call validateConsultationForm first): trimmed text, empty
 * optional fields left out, the verified phone and its token, the session's utm values.
 */
export function toPayload(
  values: ConsultationFormValues,
  verified: VerifiedPhone,
  utm: UtmValues,
): ConsultationRequestPayload {
  const note = values.preferredTimeNote.trim();
  const memo = values.memo.trim();
  return {
    APPLICANT_TYPE: values.applicantType as ApplicantType,
    NAME: values.name.trim(),
    GRADE: values.grade as Grade,
    SUBJECT: values.subject as Subject,
    PHONE_NUM: verified.phone,
    VERIFICATION_TOKEN: verified.token,
    PREFERRED_TIME: values.preferredTime as PreferredTime,
    ...(note ? { PREFERRED_TIME_NOTE: note } : {}),
    ...(memo ? { MEMO: memo } : {}),
    PRIVACY_AGREED: true,
    UTM: cleanUtm(utm),
  };
}

/** Which form field a server FIELDS entry (wire name) belongs to; null for none (e.g. UTM). */
export function fieldOfWireName(name: string): FieldName | null {
  const map: Record<string, FieldName> = {
    APPLICANT_TYPE: "applicantType",
    NAME: "name",
    GRADE: "grade",
    SUBJECT: "subject",
    PHONE_NUM: "phone",
    VERIFICATION_TOKEN: "verification",
    PREFERRED_TIME: "preferredTime",
    PREFERRED_TIME_NOTE: "preferredTimeNote",
    MEMO: "memo",
    PRIVACY_AGREED: "privacyAgreed",
  };
  return map[name] ?? null;
}
