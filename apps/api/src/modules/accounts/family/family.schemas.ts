/**
 * Wire schemas of the family-accounts and account-link calls (docs/api/family-accounts.md):
 * request bodies validated at the edge (unknown fields refused), answers serialised through
 * them. Field names in SPEC.md's UPPER_SNAKE.
 */
import { z } from "zod";
import { GENDERS } from "@seoltab/domain";
import {
  LINKABLE_SERVICE_TYPES,
  SCHOOL_LEVELS,
  SERVICE_TYPES,
} from "@seoltab/domain/family-accounts";
import { birthDateField, emailField, realNameField, userNoField } from "../accounts.schemas.ts";
import { GRADES } from "../accounts.constants.ts";

const tokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "인증 토큰이 올바르지 않아요.");
const ticketField = z
  .string()
  .min(20, "계정 확인 정보가 올바르지 않아요.")
  .max(2048, "계정 확인 정보가 올바르지 않아요.");
const passwordField = z
  .string()
  .min(1, "비밀번호를 입력해 주세요.")
  .max(256, "비밀번호가 너무 길어요.");
const gradeField = z.enum(GRADES, { error: "학년을 선택해 주세요." });
const levelField = z.enum(SCHOOL_LEVELS, { error: "학교급(중학교/고등학교)을 선택해 주세요." });
const genderField = z.enum(GENDERS, { error: "성별을 선택해 주세요." });

// ---- student accounts ------------------------------------------------------------------------

export const createStudentInput = z.strictObject({
  REALNAME: realNameField,
  SCHOOL_LEVEL: levelField,
  GRADE: gradeField.optional(),
  GENDER: genderField.default("MAN"),
  BIRTH_DATE: birthDateField,
  EMAIL_ID: emailField.optional(),
  PASSWORD: passwordField.optional(),
  CONSENT_VERIFICATION_TOKEN: tokenField.optional(),
});

export const createStudentOutput = z.object({
  USER_NO: z.number().int(),
  STATUS: z.string(),
  /** EMAIL: the child signs in with email and password; PARENT: the parent signs in for them. */
  SIGN_IN: z.enum(["EMAIL", "PARENT"]),
  /** Children after the change, as the login response lists them (CHILDREN). */
  CHILDREN: z.array(z.object({ USER_NO: z.number().int(), USER_NAME: z.string() })),
});

export const studentsInput = z.strictObject({});

const lecture = z.object({
  LECTURE_NO: z.number().int(),
  PAYMENT_ID: z.number().int(),
  TITLE: z.string(),
  STATE: z.string(),
  START_AT: z.string().nullable(),
  END_AT: z.string().nullable(),
  NEXT_LESSON_AT: z.string().nullable().optional(),
  TUTOR_NAME: z.string().nullable().optional(),
});

export const studentsOutput = z.object({
  CHILDREN: z.array(
    z.object({
      USER_NO: z.number().int(),
      USER_NAME: z.string(),
      /** null for a child the parent signs in for. */
      EMAIL_ID: z.string().nullable(),
      SIGN_IN: z.enum(["EMAIL", "PARENT"]),
      SCHOOL_LEVEL: z.enum(SCHOOL_LEVELS).nullable(),
      GRADE: z.string().nullable(),
      GENDER: z.string(),
      BIRTH_DATE: z.string().nullable(),
      STATUS: z.string(),
      PARENT_CONSENTED_AT: z.string().nullable(),
      LECTURE_INFO: z.array(lecture),
      /** The earliest planned lesson over the child's lectures (ISO), or null. */
      NEXT_LESSON_AT: z.string().nullable(),
      CARD_INFO: z
        .object({ card_name: z.string(), card_number: z.string(), is_legacy: z.boolean() })
        .nullable(),
      /** Empty when the child may be unlinked; else PAYMENT_OWED and/or LECTURE_ACTIVE. */
      UNLINK_BLOCKERS: z.array(z.string()),
    }),
  ),
  PENDING_REQUESTS: z.array(
    z.object({
      REQUEST_ID: z.string(),
      CHILD_USER_NO: z.number().int(),
      CHILD_NAME: z.string(),
      ORIGIN: z.string(),
      CREATED_AT: z.string(),
    }),
  ),
});

export const updateStudentInput = z.strictObject({
  CHILD_USER_NO: userNoField,
  REALNAME: realNameField.optional(),
  SCHOOL_LEVEL: levelField.optional(),
  GRADE: gradeField.optional(),
  GENDER: genderField.optional(),
});

export const updateStudentOutput = z.object({
  USER_NO: z.number().int(),
  USER_NAME: z.string(),
  GRADE: z.string().nullable(),
  GENDER: z.string(),
});

export const resetStudentPasswordInput = z.strictObject({
  CHILD_USER_NO: userNoField,
  NEW_PASSWORD: passwordField,
  EMAIL_ID: emailField.optional(),
});

export const resetStudentPasswordOutput = z.object({
  USER_NO: z.number().int(),
  /** null for a child the parent still signs in for. */
  EMAIL_ID: z.string().nullable(),
});

export const childOnlyInput = z.strictObject({ CHILD_USER_NO: userNoField });

const childList = z.array(z.object({ USER_NO: z.number().int(), USER_NAME: z.string() }));

export const childrenOutput = z.object({ CHILDREN: childList });

export const linkConfirmOutput = z.object({
  USER_NO: z.number().int(),
  USER_NAME: z.string(),
  CHILDREN: childList,
});

export const respondLinkOutput = z.object({ STATUS: z.enum(["CONFIRMED", "DECLINED"]) });

export const linkRequestInput = z.strictObject({ STUDENT_EMAIL: emailField });
export const linkRequestOutput = z.object({
  REQUEST_ID: z.string(),
  /** Masked phone the code went to (010-****-1234). */
  SENT_TO: z.string(),
  EXPIRES_IN_SEC: z.number().int(),
});

export const linkConfirmInput = z.strictObject({
  REQUEST_ID: z.uuid({ error: "연결 요청 번호가 올바르지 않아요." }),
  CODE: z.string().regex(/^[0-9]{6}$/, "확인 번호 6자리 숫자를 입력해 주세요."),
});

export const linkRequestsOutput = z.object({
  REQUESTS: z.array(
    z.object({
      REQUEST_ID: z.string(),
      PARENT_USER_NO: z.number().int(),
      PARENT_NAME: z.string(),
      CREATED_AT: z.string(),
    }),
  ),
});

export const respondLinkInput = z.strictObject({
  REQUEST_ID: z.uuid({ error: "연결 요청 번호가 올바르지 않아요." }),
  ACCEPT: z.boolean(),
});

// ---- account links ---------------------------------------------------------------------------

export const accountLinkLoginInput = z.strictObject({
  EMAIL_ID: emailField,
  PASSWORD: passwordField,
  SERVICE_TYPE: z.enum(SERVICE_TYPES, { error: "연동할 서비스를 선택해 주세요." }),
  PLATFORM: z.enum(["WEB", "APP"]).default("WEB"),
});

export const accountLinkLoginOutput = z.object({
  LINK_TICKET: z.string(),
  SERVICE_TYPE: z.string(),
  EMAIL_ID: z.string(),
  USER_NAME: z.string(),
  EXPIRES_IN_SEC: z.number().int(),
});

const agreedList = z
  .array(
    z.strictObject({
      TERM_ID: z.string().min(1).max(32),
      VERSION: z.string().min(1).max(16),
    }),
  )
  .max(20);

export const agreeFamilyServicesInput = z.strictObject({
  LINK_TICKET: ticketField.optional(),
  AGREED_TERMS: z.strictObject({
    LECTURE: agreedList.optional(),
    QUESTION: agreedList.optional(),
  }),
});

export const agreeFamilyServicesOutput = z.object({
  AGREED: z.array(
    z.object({
      SERVICE: z.string(),
      TERM_ID: z.string(),
      VERSION: z.string(),
      AGREED_AT: z.string(),
    }),
  ),
});

export const connectInput = z.strictObject({
  LINK_TICKET: ticketField,
  FROM_TICKET: ticketField.optional(),
});

export const connectOutput = z.object({
  DIRECTION: z.enum(["FORWARD", "REVERSE"]),
  SERVICE_TYPE: z.string(),
  /** Forward: the other service exchanges it for its session (auto-login). */
  AUTO_LOGIN: z
    .object({ SERVICE_TYPE: z.string(), TICKET: z.string(), EXPIRES_IN_SEC: z.number().int() })
    .nullable(),
  /** Reverse: where the page goes next. */
  REDIRECT: z.string().nullable(),
});

export const linkStatusInput = z.strictObject({});
export const linkStatusOutput = z.object({
  LINKS: z.array(
    z.object({ SERVICE_TYPE: z.string(), EMAIL_ID: z.string(), LINKED_AT: z.string() }),
  ),
});

export const unlinkOutput = z.object({ SERVICE_TYPE: z.string() });

export const unlinkInput = z.strictObject({
  SERVICE_TYPE: z.enum(LINKABLE_SERVICE_TYPES, { error: "연동을 해제할 서비스를 선택해 주세요." }),
});
