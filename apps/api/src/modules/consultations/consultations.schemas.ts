/**
 * Wire schemas of the consultation calls (docs/api/consultations.md), defined once: bodies are
 * validated with them at the edge (unknown fields refused, Korean field messages) and answers
 * are serialised through them, so no field leaves the server by accident.
 */
import { z } from "zod";
import { UTM_KEYS } from "@seoltab/domain";
import { phoneField, realNameField } from "../accounts/accounts.public.ts";
import { OPAQUE_TOKEN_SHAPE } from "../accounts/accounts.public.ts";
import {
  APPLICANT_TYPES,
  CONSULTATION_GRADES,
  CONSULTATION_MESSAGES as msg,
  CONSULTATION_STATUSES,
  CONSULTATION_SUBJECTS,
  GUARDIAN_ONLY_GRADES,
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  MAX_MEMO_LENGTH,
  MAX_PREFERRED_TIME_NOTE_LENGTH,
  MAX_UTM_VALUE_LENGTH,
  PREFERRED_TIMES,
} from "./consultations.constants.ts";

/** C0 control characters other than tab, line feed and carriage return (PostgreSQL refuses NUL). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Optional free text: trimmed, at most `max` characters, no control characters; an empty
 * value becomes null. Stored exactly as typed otherwise (markup and SQL are plain text here).
 */
function freeText(max: number, tooLong: string) {
  return z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), msg.controlCharacters)
    .transform((value) => (value === "" ? null : value))
    .optional()
    .transform((value) => value ?? null);
}

const utmValue = freeText(MAX_UTM_VALUE_LENGTH, msg.utm);

/** The session's first campaign values (SPEC.md §2), each optional, at most 200 characters. */
const utmField = z
  .strictObject(
    Object.fromEntries(UTM_KEYS.map((key) => [key, utmValue])) as Record<
      (typeof UTM_KEYS)[number],
      typeof utmValue
    >,
    { error: msg.utmShape },
  )
  .optional()
  .transform((utm) => utm ?? Object.fromEntries(UTM_KEYS.map((key) => [key, null])));

// ---- POST /main/consultation_request --------------------------------------------------------

export const consultationRequestInput = z
  .strictObject({
    APPLICANT_TYPE: z.enum(APPLICANT_TYPES, { error: msg.applicantType }),
    NAME: z.string({ error: msg.name }).pipe(realNameField),
    GRADE: z.enum(CONSULTATION_GRADES, { error: msg.grade }),
    SUBJECT: z.enum(CONSULTATION_SUBJECTS, { error: msg.subject }),
    PHONE_NUM: z.string({ error: msg.phone }).pipe(phoneField),
    VERIFICATION_TOKEN: z.string({ error: msg.token }).regex(OPAQUE_TOKEN_SHAPE, msg.token),
    PREFERRED_TIME: z.enum(PREFERRED_TIMES, { error: msg.preferredTime }),
    PREFERRED_TIME_NOTE: freeText(MAX_PREFERRED_TIME_NOTE_LENGTH, msg.preferredTimeNote),
    MEMO: freeText(MAX_MEMO_LENGTH, msg.memo),
    PRIVACY_AGREED: z.literal(true, { error: msg.privacy }),
    UTM: utmField,
  })
  .superRefine((value, ctx) => {
    if (value.APPLICANT_TYPE === "STUDENT" && GUARDIAN_ONLY_GRADES.includes(value.GRADE)) {
      ctx.addIssue({ code: "custom", path: ["GRADE"], message: msg.guardianRequired });
    }
  });
export type ConsultationRequestInput = z.output<typeof consultationRequestInput>;

export const consultationRequestOutput = z.object({
  REQUEST_ID: z.uuid(),
  STATUS: z.literal("RECEIVED"),
});

// ---- staff: POST /main/admin/consultation_requests -------------------------------------------

/** A calendar date in Asia/Seoul, YYYY-MM-DD, that exists. */
const seoulDate = z.string({ error: msg.date }).refine((value) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number(m[1]) >= 2000 && date.toISOString().slice(0, 10) === value;
}, msg.date);

export const consultationListInput = z
  .strictObject({
    STATUS: z.enum(CONSULTATION_STATUSES, { error: msg.status }).optional(),
    /** First day, inclusive (Asia/Seoul). */
    FROM: seoulDate.optional(),
    /** Last day, inclusive (Asia/Seoul). */
    TO: seoulDate.optional(),
    /** NEXT_CURSOR of the previous page. */
    CURSOR: z.string({ error: msg.cursor }).min(1, msg.cursor).max(200, msg.cursor).optional(),
    LIMIT: z
      .number({ error: msg.limit })
      .int(msg.limit)
      .min(1, msg.limit)
      .max(LIST_PAGE_SIZE_MAX, msg.limit)
      .default(LIST_PAGE_SIZE_DEFAULT),
  })
  .superRefine((value, ctx) => {
    if (value.FROM && value.TO && value.FROM > value.TO) {
      ctx.addIssue({ code: "custom", path: ["FROM"], message: msg.dateRange });
    }
  });

const utmOutput = z.object(
  Object.fromEntries(UTM_KEYS.map((key) => [key, z.string().nullable()])) as Record<
    (typeof UTM_KEYS)[number],
    z.ZodNullable<z.ZodString>
  >,
);

/** One request as staff see it (the phone in full: they call it). */
export const consultationOutput = z.object({
  REQUEST_ID: z.string(),
  /** ISO 8601, UTC. */
  CREATED_AT: z.string(),
  APPLICANT_TYPE: z.string(),
  NAME: z.string(),
  GRADE: z.string(),
  SUBJECT: z.string(),
  PHONE_NUM: z.string(),
  PREFERRED_TIME: z.string(),
  PREFERRED_TIME_NOTE: z.string().nullable(),
  MEMO: z.string().nullable(),
  UTM: utmOutput,
  STATUS: z.enum(CONSULTATION_STATUSES),
  STATUS_CHANGED_AT: z.string().nullable(),
  STATUS_CHANGED_BY: z.object({ USER_NO: z.number().int(), USER_NAME: z.string() }).nullable(),
});

export const consultationListOutput = z.object({
  REQUESTS: z.array(consultationOutput),
  /** Requests matching the filters (all pages). */
  TOTAL_COUNT: z.number().int(),
  /** Pass as CURSOR for the next page; null on the last page. */
  NEXT_CURSOR: z.string().nullable(),
});

// ---- staff: POST /main/admin/consultation_requests/status ------------------------------------

export const consultationStatusInput = z.strictObject({
  REQUEST_ID: z.uuid({ error: msg.requestId }),
  STATUS: z.enum(["CONTACTED", "CLOSED"], { error: msg.status }),
});
