/**
 * Wire schemas of the accounts calls (docs/api/accounts.md), defined once: request bodies are
 * validated with them at the edge (unknown fields refused), responses are serialised through
 * them, so no field leaves the server by accident. Field names keep SPEC.md's UPPER_SNAKE.
 */
import { z } from "zod";
import { GENDERS, TERMS, normalizeMobile } from "@seoltab/domain";
import { GRADES, VERIFICATION_PURPOSES } from "./accounts.constants.ts";

const msg = {
  email: "이메일 주소 형식이 올바르지 않아요.",
  phone: "휴대폰 번호(010으로 시작하는 숫자)를 입력해 주세요.",
  name: "이름은 한글 또는 영문 50자 이내로 입력해 주세요.",
  nickname: "닉네임은 한글, 영문, 숫자, _ 로 2~20자 입력해 주세요.",
  birthDate: "생년월일을 YYYY-MM-DD 형식의 실제 날짜로 입력해 주세요.",
  code: "인증번호 6자리 숫자를 입력해 주세요.",
  verificationId: "인증 요청 번호가 올바르지 않아요.",
  token: "인증 토큰이 올바르지 않아요.",
  userNo: "회원 번호가 올바르지 않아요.",
} as const;

/** An email address, trimmed, at most 254 characters. */
export const emailField = z
  .string()
  .trim()
  .min(1, msg.email)
  .max(254, msg.email)
  .pipe(z.email({ error: msg.email }));

/** A Korean mobile number in any common spelling, normalised to digits. */
export const phoneField = z
  .string()
  .max(20, msg.phone)
  .transform((value, ctx) => {
    const digits = normalizeMobile(value);
    if (!digits) {
      ctx.addIssue({ code: "custom", message: msg.phone });
      return z.NEVER;
    }
    return digits;
  });

/** USER_NO as a positive integer or a string of digits. */
export const userNoField = z.union(
  [
    z.number().int().positive().max(2_147_483_647),
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/)
      .transform(Number)
      .pipe(z.number().max(2_147_483_647)),
  ],
  { error: msg.userNo },
);

/** An opaque token field (verification token): 43 base64url characters. */
const opaqueTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, msg.token);

/** A person's name: letters (any script), spaces, middle dot, apostrophe, hyphen; 1-50. */
export const realNameField = z
  .string()
  .trim()
  .min(1, msg.name)
  .max(50, msg.name)
  .regex(/^\p{L}[\p{L}\p{M} .·'-]*$/u, msg.name);

export const nicknameField = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}_]{2,20}$/u, msg.nickname);

function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1900 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d
  );
}

export const birthDateField = z.string().refine(isRealDate, msg.birthDate);

// ---- /main/login -------------------------------------------------------------------------

export const loginInput = z.strictObject({
  EMAIL_ID: emailField,
  PASSWORD: z.string().min(1, "비밀번호를 입력해 주세요.").max(256, "비밀번호가 너무 길어요."),
  SERVICE_TYPE: z.enum(["LECTURE"]).optional(),
  PLATFORM: z.enum(["WEB", "APP"]).default("WEB"),
});

const child = z.object({ USER_NO: z.number().int(), USER_NAME: z.string() });

export const loginOutput = z.object({
  token: z.string(),
  EMAIL_ID: z.string(),
  USER_NO: z.number().int(),
  USER_TYPE: z.string(),
  USER_NAME: z.string(),
  NICKNAME: z.string().nullable(),
  STATUS: z.string(),
  CHILDREN: z.array(child),
});

// ---- /main/getUserInfo, /main/user_status -------------------------------------------------

export const getUserInfoInput = z.strictObject({
  USER_NO: userNoField.optional(),
  USER_TYPE: z.enum(["STUDENT", "TEACHER", "PARENT"]).default("STUDENT"),
  token: z.string().max(4096).optional(),
});

export const userInfoOutput = z.object({
  USER_NO: z.number().int(),
  EMAIL_ID: z.string(),
  USER_TYPE: z.string(),
  USER_NAME: z.string(),
  NICKNAME: z.string().nullable(),
  PHONE: z.string().nullable(),
  GRADE: z.string().nullable(),
  GENDER: z.string(),
  STATUS: z.string(),
  IS_ONLY_HOMESHOPPING: z.enum(["YES", "NO"]),
  LECTURE_INFO: z.array(
    z.object({
      LECTURE_NO: z.number().int(),
      PAYMENT_ID: z.number().int(),
      TITLE: z.string(),
      MONTHS: z.number().int(),
      STATE: z.string(),
      START_AT: z.string().nullable(),
      END_AT: z.string().nullable(),
      NEXT_CHARGE_AT: z.string().nullable(),
      /** The lecture record (issue #13): its id, the tutor once matched, the request form's state. */
      LECTURE_ID: z.number().int().nullable().optional(),
      TUTOR_NAME: z.string().nullable().optional(),
      REQUEST_STATE: z.string().nullable().optional(),
      /** The next planned lesson's start (ISO 8601), once lessons exist (issue #14). */
      NEXT_LESSON_AT: z.string().nullable().optional(),
    }),
  ),
  CARD_INFO: z
    .object({ card_name: z.string(), card_number: z.string(), is_legacy: z.boolean() })
    .nullable(),
});

export const userStatusInput = z.strictObject({});

/** POST /main/user_contact: the caller's own name and full phone, to prefill forms. */
export const userContactInput = z.strictObject({});

export const userContactOutput = z.object({
  USER_NAME: z.string(),
  /** Digits (01012345678), or null when the account has no phone. */
  PHONE_NUM: z.string().nullable(),
});

export const userStatusOutput = z.object({
  USER_NO: z.number().int(),
  USER_TYPE: z.string(),
  STATUS: z.string(),
  IS_PARENT_CONSENTED: z.boolean(),
});

// ---- /main/iamport_sms_certification_log ---------------------------------------------------

const uidField = z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/, "식별자 형식이 올바르지 않아요.");

export const smsCertificationLogInput = z.strictObject({
  IMP_UID: uidField.optional(),
  MERCHANT_UID: uidField.optional(),
  SUCCESS: z.boolean(),
  ERROR_MSG: z.string().max(500, "ERROR_MSG 는 500자 이하여야 해요.").optional(),
  PURPOSE: z.enum(VERIFICATION_PURPOSES).optional(),
});

export const smsCertificationLogOutput = z.object({ LOG_ID: z.number().int() });

// ---- verification ---------------------------------------------------------------------------

/** A parent-consent ticket (signed link; consent-tickets.ts). */
const consentTicketField = z
  .string()
  .max(2048, "보호자 동의 링크가 올바르지 않아요.")
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "보호자 동의 링크가 올바르지 않아요.");

export const sendCodeInput = z
  .strictObject({
    PHONE_NUM: phoneField,
    PURPOSE: z.enum(VERIFICATION_PURPOSES),
    /** With PURPOSE PARENT_CONSENT: the phone must be the one the child gave. */
    CONSENT_TICKET: consentTicketField.optional(),
  })
  .refine((v) => v.CONSENT_TICKET === undefined || v.PURPOSE === "PARENT_CONSENT", {
    path: ["CONSENT_TICKET"],
    message: "CONSENT_TICKET 은 PARENT_CONSENT 인증에만 보낼 수 있어요.",
  });

export const sendCodeOutput = z.object({
  VERIFICATION_ID: z.string(),
  EXPIRES_IN_SEC: z.number().int(),
});

export const verifyCodeInput = z.strictObject({
  VERIFICATION_ID: z.uuid({ error: msg.verificationId }),
  CODE: z.string().regex(/^[0-9]{6}$/, msg.code),
});

export const verifyCodeOutput = z.object({
  VERIFIED: z.literal(true),
  VERIFICATION_TOKEN: z.string(),
  EXPIRES_IN_SEC: z.number().int(),
});

// ---- join -------------------------------------------------------------------------------------

export const checkEmailInput = z.strictObject({ EMAIL_ID: emailField });
export const checkNicknameInput = z.strictObject({ NICKNAME: nicknameField });
export const availabilityOutput = z.object({ AVAILABLE: z.boolean() });

const termIds = (service: "SEOLTAB" | "ONUEI") => {
  const ids = TERMS.filter((t) => t.service === service).map((t) => t.id);
  return z
    .array(
      z.enum(ids as [string, ...string[]], { error: `알 수 없는 약관이에요 (${ids.join(", ")})` }),
    )
    .max(ids.length * 2);
};

export const joinInput = z.strictObject({
  USER_TYPE: z.enum(["STUDENT", "TEACHER", "PARENT"]),
  EMAIL_ID: emailField,
  PASSWORD: z.string().min(1, "비밀번호를 입력해 주세요.").max(256, "비밀번호가 너무 길어요."),
  REALNAME: realNameField,
  NICKNAME: nicknameField.optional(),
  GRADE: z.enum(GRADES).optional(),
  GENDER: z.enum(GENDERS).default("MAN"),
  BIRTH_DATE: birthDateField,
  VERIFICATION_TOKEN: opaqueTokenField,
  PARENT_PHONE_NUM: phoneField.optional(),
  AGREED_TERMS: z.strictObject({ SEOLTAB: termIds("SEOLTAB"), ONUEI: termIds("ONUEI") }),
});

export const joinOutput = z.object({
  USER_NO: z.number().int(),
  STATUS: z.string(),
  /** Under 14: the consent page link that was texted to the parent phone. */
  CONSENT_URL: z.string().optional(),
  /** Under 14: whether the SMS provider took the consent request. */
  CONSENT_SMS_SENT: z.boolean().optional(),
});

export const parentConsentInfoInput = z.strictObject({ CONSENT_TICKET: consentTicketField });

export const parentConsentInfoOutput = z.object({
  CHILD_USER_NO: z.number().int(),
  /** Masked: 최*람. */
  CHILD_NAME: z.string(),
  /** Masked: 010-****-5678. */
  PARENT_PHONE: z.string(),
  STATUS: z.enum(["PENDING", "CONSENTED"]),
});

export const parentConsentInput = z.strictObject({
  CHILD_USER_NO: userNoField,
  PARENT_NAME: realNameField,
  VERIFICATION_TOKEN: opaqueTokenField,
  AGREED: z.literal(true, { error: "보호자 동의에 체크해 주세요." }),
});

// ---- serverless -------------------------------------------------------------------------------

export const changePasswordInput = z
  .strictObject({
    CURRENT_PASSWORD: z.string().min(1).max(256).optional(),
    NEW_PASSWORD: z
      .string()
      .min(1, "새 비밀번호를 입력해 주세요.")
      .max(256, "비밀번호가 너무 길어요."),
    EMAIL_ID: emailField.optional(),
    VERIFICATION_TOKEN: opaqueTokenField.optional(),
  })
  .superRefine((v, ctx) => {
    const byCurrent = v.CURRENT_PASSWORD !== undefined;
    const byPhone = v.EMAIL_ID !== undefined || v.VERIFICATION_TOKEN !== undefined;
    if (byCurrent && byPhone) {
      ctx.addIssue({
        code: "custom",
        path: ["CURRENT_PASSWORD"],
        message: "현재 비밀번호 또는 휴대폰 인증 중 한 가지 방법만 보내 주세요.",
      });
    } else if (!byCurrent && (v.EMAIL_ID === undefined || v.VERIFICATION_TOKEN === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [v.EMAIL_ID === undefined ? "EMAIL_ID" : "VERIFICATION_TOKEN"],
        message: "현재 비밀번호, 또는 이메일과 휴대폰 인증 토큰을 보내 주세요.",
      });
    }
  });

export const changePasswordOutput = z.object({ CHANGED: z.literal(true) });

export const userByParentNumberInput = z.strictObject({
  PARENT_PHONE_NUM: phoneField,
  VERIFICATION_TOKEN: opaqueTokenField,
});

export const userByParentNumberOutput = z.object({
  USERS: z.array(
    z.object({ USER_NO: z.number().int(), USER_NAME: z.string(), EMAIL_ID: z.string() }),
  ),
});

export const findEmailInput = z.strictObject({ VERIFICATION_TOKEN: opaqueTokenField });

export const findEmailOutput = z.object({
  ACCOUNTS: z.array(
    z.object({
      /** Masked: ha***@example.com. */
      EMAIL_ID: z.string(),
      USER_TYPE: z.string(),
      /** ISO instant of the join. */
      JOINED_AT: z.string(),
    }),
  ),
});

// ---- /api/oauth/token -------------------------------------------------------------------------

/** Token request body (form or JSON); only `grant_type` is read. */
export const tokenRequestInput = z.object({ grant_type: z.string().max(64).optional() }).loose();
