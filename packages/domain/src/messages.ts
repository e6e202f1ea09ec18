/**
 * Messages (issue #17; DESIGN.md §11): templates, rendering, recipients, quiet hours, consent and
 * reminder times. Pure; the current time is always a parameter; wall-clock times are Asia/Seoul
 * (Temporal). Imported as `@seoltab/domain/messages`.
 *
 * - Informational messages (kind INFO: a payment, a lesson, a refund…) are sent to the people
 *   they concern whatever their marketing consent.
 * - Advertising (kind AD) needs the person's recorded consent for the channel, starts with
 *   "(광고)", carries the opt-out, is never sent 21:00–08:00 without night consent, and consent
 *   older than 2 years counts as none until asked again (정보통신망법 §50).
 * - A student under 14 receives nothing directly: the parents do (PIPA §22-2 spirit).
 */
import { Temporal } from "temporal-polyfill";
import { SEOUL } from "./lessons.ts";
import { TransitionNotAllowedError, type TransitionTable } from "./payments.ts";

/** PENDING → SENDING (claimed by a sender) → SENT | FAILED, or CANCELLED before it is sent. */
export const MESSAGE_STATES = ["PENDING", "SENDING", "SENT", "FAILED", "CANCELLED"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * The outbox lifecycle (messages.state; issue #10: every writer asks it). A PENDING row is
 * claimed (SENDING) or cancelled before it is sent; a claimed row ends SENT or FAILED, or goes
 * back to PENDING (a retryable provider error, or a sender that died: the stale claim is
 * released). SENT, FAILED and CANCELLED are terminal.
 */
export const MESSAGE_TRANSITIONS: TransitionTable<MessageState> = {
  PENDING: ["SENDING", "CANCELLED"],
  SENDING: ["SENT", "FAILED", "PENDING"],
  SENT: [],
  FAILED: [],
  CANCELLED: [],
};

/**
 * The states a message is written in: PENDING, or FAILED at once when its template could not be
 * filled (nothing half-empty is ever queued).
 */
export const MESSAGE_ENTRY_STATES: readonly MessageState[] = ["PENDING", "FAILED"];

/**
 * Asks before a message row is inserted in `state`; throws TransitionNotAllowedError
 * ("message: (new) -> SENT is not allowed") for any state outside MESSAGE_ENTRY_STATES.
 */
export function assertMessageEntry(state: string): void {
  if (!(MESSAGE_ENTRY_STATES as readonly string[]).includes(state)) {
    throw new TransitionNotAllowedError("message", null, state);
  }
}

/** INFO (transactional) or AD (advertising). */
export type MessageKind = "INFO" | "AD";

export interface MessageTemplate {
  /** Stable id, e.g. "lesson-reminder". */
  id: string;
  /** Bumped on any change of text or buttons (the 알림톡 template is registered per version). */
  version: number;
  kind: MessageKind;
  channel: "ALIMTALK" | "SMS";
  /** Korean text with #{variable} placeholders. */
  text: string;
  /** Every variable the text and buttons use. */
  variables: readonly string[];
  buttons?: readonly { name: string; url: string }[];
}

/** 알림톡 body limit (characters, after filling). */
export const ALIMTALK_MAX_CHARS = 1000;
/** Words an informational 알림톡 may not carry (Kakao's review refuses advertising in it). */
export const AD_WORDS = [
  "(광고)",
  "할인",
  "이벤트",
  "쿠폰",
  "특가",
  "프로모션",
  "무료 체험",
] as const;

const PLACEHOLDER = /#\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

/** The #{variables} a text uses, in order, without repeats. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** A variable the template needs was not given (or is empty): nothing is sent half-empty. */
export class MissingTemplateVariableError extends Error {
  constructor(
    readonly templateId: string,
    readonly variable: string,
  ) {
    super(`template ${templateId}: variable ${variable} is missing`);
    this.name = "MissingTemplateVariableError";
  }
}

/** A rendered message: text and buttons with every variable filled. */
export interface RenderedMessage {
  text: string;
  buttons: { name: string; url: string }[];
}

/**
 * Fills a template. @throws MissingTemplateVariableError when a variable is missing or blank.
 * Example: "#{name}님" with { name: "김하늘" } → "김하늘님".
 */
export function renderTemplate(
  template: MessageTemplate,
  variables: Readonly<Record<string, string>>,
): RenderedMessage {
  for (const name of template.variables) {
    const value = variables[name];
    if (value === undefined || value.trim() === "") {
      throw new MissingTemplateVariableError(template.id, name);
    }
  }
  const fill = (s: string) => s.replace(PLACEHOLDER, (_, name: string) => variables[name]!);
  let text = fill(template.text);
  if (template.kind === "AD" && !text.startsWith("(광고)")) text = `(광고) ${text}`;
  return {
    text,
    buttons: (template.buttons ?? []).map((b) => ({ name: fill(b.name), url: fill(b.url) })),
  };
}

/** Won as a message shows it: "189,000원". */
export function wonText(amount: number): string {
  return `${amount.toLocaleString("ko-KR")}원`;
}

function zoned(at: Date): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(SEOUL);
}

const WEEKDAY_KO = ["월", "화", "수", "목", "금", "토", "일"];

/** "11월 30일(월) 18:00" in Asia/Seoul. */
export function seoulMessageTime(at: Date): string {
  const z = zoned(at);
  const hh = String(z.hour).padStart(2, "0");
  const mm = String(z.minute).padStart(2, "0");
  return `${z.month}월 ${z.day}일(${WEEKDAY_KO[z.dayOfWeek - 1]}) ${hh}:${mm}`;
}

/**
 * When to remind of a lesson: the day before at 20:00 Seoul time and 1 hour before, each only
 * if still after `now` (and the day-before one only if it comes before the hour-before one).
 */
export function lessonReminderTimes(startsAt: Date, now: Date): { slot: "D1" | "H1"; at: Date }[] {
  const start = zoned(startsAt);
  const dayBefore = start
    .toPlainDate()
    .subtract({ days: 1 })
    .toZonedDateTime({ timeZone: SEOUL, plainTime: Temporal.PlainTime.from("20:00") });
  const hourBefore = start.subtract({ hours: 1 });
  const out: { slot: "D1" | "H1"; at: Date }[] = [];
  if (
    Temporal.ZonedDateTime.compare(dayBefore, hourBefore) < 0 &&
    dayBefore.epochMilliseconds > now.getTime()
  ) {
    out.push({ slot: "D1", at: new Date(dayBefore.epochMilliseconds) });
  }
  if (hourBefore.epochMilliseconds > now.getTime()) {
    out.push({ slot: "H1", at: new Date(hourBefore.epochMilliseconds) });
  }
  return out;
}

/** Quiet hours for advertising: 21:00–08:00 Asia/Seoul (정보통신망법 §50 ③). */
export function isQuietHour(at: Date): boolean {
  const hour = zoned(at).hour;
  return hour >= 21 || hour < 8;
}

/** The next instant outside quiet hours (08:00 Seoul), or `at` itself when it is not quiet. */
export function afterQuietHours(at: Date): Date {
  if (!isQuietHour(at)) return at;
  const z = zoned(at);
  const date = z.hour >= 21 ? z.toPlainDate().add({ days: 1 }) : z.toPlainDate();
  const eight = date.toZonedDateTime({
    timeZone: SEOUL,
    plainTime: Temporal.PlainTime.from("08:00"),
  });
  return new Date(eight.epochMilliseconds);
}

/** Consent kinds in the ledger: marketing per channel (SPEC.md §3 push switches) and night. */
export const CONSENT_KINDS = [
  "MARKETING_SMS",
  "MARKETING_EMAIL",
  "MARKETING_PUSH",
  "NIGHT",
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Consent older than this is asked again (정보통신망법 §50 ⑧, every 2 years). */
export const CONSENT_VALID_DAYS = 730;

export interface ConsentEntry {
  kind: ConsentKind;
  granted: boolean;
  at: Date;
}

/** The person's standing choice of one kind: the newest entry, expired after 2 years. */
export function consentOf(
  entries: readonly ConsentEntry[],
  kind: ConsentKind,
  now: Date,
): { granted: boolean; at: Date | null; needsReconfirm: boolean } {
  const latest = entries
    .filter((e) => e.kind === kind)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!latest) return { granted: false, at: null, needsReconfirm: false };
  const expired = now.getTime() - latest.at.getTime() > CONSENT_VALID_DAYS * 86_400_000;
  return {
    granted: latest.granted && !expired,
    at: latest.at,
    needsReconfirm: latest.granted && expired,
  };
}

/**
 * Whether a message of `kind` may go to a person at `at` by SMS/알림톡, and when: INFO always,
 * now; AD only with MARKETING_SMS consent, and in quiet hours only with NIGHT consent (else
 * moved to 08:00). Returns null when it may not be sent at all.
 */
export function sendWindow(
  kind: MessageKind,
  entries: readonly ConsentEntry[],
  at: Date,
): Date | null {
  if (kind === "INFO") return at;
  if (!consentOf(entries, "MARKETING_SMS", at).granted) return null;
  if (isQuietHour(at) && !consentOf(entries, "NIGHT", at).granted) return afterQuietHours(at);
  return at;
}

/** Someone a message may go to. */
export interface RecipientFacts {
  userId: number;
  role: "STUDENT" | "PARENT" | "TEACHER";
  phone: string | null;
  /** Students: under 14 (만 나이) receive through their parents. */
  underFourteen?: boolean;
}

/**
 * Who receives a family message about a student: the student (unless under 14) and every linked
 * parent; people without a phone are left out. A student under 14 with no parent reachable gets
 * nothing (never sent to the child directly).
 */
export function familyRecipients(
  student: RecipientFacts,
  parents: readonly RecipientFacts[],
): RecipientFacts[] {
  const out: RecipientFacts[] = [];
  if (!student.underFourteen && student.phone) out.push(student);
  for (const p of parents) if (p.phone) out.push(p);
  return out;
}
