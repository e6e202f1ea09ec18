/**
 * The consultation funnel (issue #6; docs/api/consultations.md): anonymous requests from
 * /consultation with a verified callback phone and the session's utm values, and the staff
 * (ADMIN, SALES_TEAM) list and status changes. Area rules implemented here (packages/domain is
 * closed to this area): one request per verification token, the per-address limit, the
 * transition table, the retention period, elementary students apply through a parent.
 *
 * The phone number is personal data kept to call back: it is stored, returned to staff, and
 * never put into a log line or an audit entry.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "@seoltab/db";
import type { UTM_KEYS } from "@seoltab/domain";
import type { Clock } from "../../clock.ts";
import { ACCOUNT_MESSAGES, AppError, MESSAGES } from "../../errors.ts";
import { insertAuditLog } from "../../platform/audit.ts";
import type { AuthUser } from "../accounts/accounts.public.ts";
import type { RequestContext } from "../../platform/request-context.ts";
import { isUniqueViolation, withTransaction } from "../../platform/transactions.ts";
import type { AttemptLimiter } from "../../platform/attempt-limiter.ts";
import { sha256Hex } from "../accounts/accounts.public.ts";
import { consumeVerification } from "../accounts/accounts.public.ts";
import {
  CONSULTATION_MESSAGES,
  CONSULTATION_STAFF,
  REQUESTS_PER_ADDRESS,
  RETENTION_MS,
  canChangeStatus,
  type ConsultationStatus,
} from "./consultations.constants.ts";
import {
  countConsultations,
  findConsultationById,
  findConsultationByTokenHash,
  findConsultationsPage,
  insertConsultation,
  purgeConsultationsBefore,
  updateConsultationStatus,
  type ConsultationWithStaff,
} from "./consultations.repository.ts";
import { decodeCursor, encodeCursor, seoulDayRange } from "./consultations.rules.ts";
import type { ConsultationRequestInput } from "./consultations.schemas.ts";

/** What the consultation services need (passed explicitly, so tests can move the clock). */
export interface ConsultationsDeps {
  db: Database;
  clock: Clock;
  /** Submissions per client address, REQUESTS_WINDOW_MS window. */
  submitLimiter: AttemptLimiter;
}

// ---- submitting --------------------------------------------------------------------------------

/**
 * Counts one submission from the client address, before anything else is looked at.
 * @throws AppError rate_limited `too_many_requests` (with Retry-After) after
 *   REQUESTS_PER_ADDRESS (20) submissions within an hour
 */
export async function admitSubmission(deps: ConsultationsDeps, ctx: RequestContext): Promise<void> {
  const hit = await deps.submitLimiter.hit(ctx.ip, deps.clock.now());
  if (hit.count > REQUESTS_PER_ADDRESS) {
    throw new AppError(
      "rate_limited",
      "too_many_requests",
      CONSULTATION_MESSAGES.tooManyRequests,
      [],
      { headers: { "retry-after": String(hit.retryAfterSeconds) } },
    );
  }
}

/**
 * Stores a consultation request (POST /main/consultation_request) in one transaction with the
 * consumption of its verification token (purpose CONSULTATION), which must prove PHONE_NUM.
 * Idempotent on the token: a request already made with it is answered again (first one wins,
 * the repeated payload is not compared), also when two submits race. Requests older than the
 * retention period are deleted on the way.
 * @returns REQUEST_ID (uuid) and whether this call created it
 * @throws AppError validation `verification_invalid` (unknown, expired, used or other-purpose
 *   token) | `verification_mismatch` (the token proves another phone); nothing is stored and
 *   the token stays usable after a refusal
 */
export async function submitConsultationRequest(
  deps: ConsultationsDeps,
  input: ConsultationRequestInput,
  ctx: RequestContext,
): Promise<{ requestId: string; created: boolean }> {
  const now = deps.clock.now();
  const tokenHash = sha256Hex(input.VERIFICATION_TOKEN);
  const outcome = await withTransaction(deps.db, async (tx) => {
    const existing = await findConsultationByTokenHash(tx, tokenHash);
    if (existing) return { requestId: existing.id, created: false };
    let phone: string;
    try {
      phone = await consumeVerification(tx, now, input.VERIFICATION_TOKEN, "CONSULTATION");
    } catch (err) {
      // A concurrent submit with the same token may have consumed it and committed meanwhile.
      const raced = await findConsultationByTokenHash(tx, tokenHash);
      if (raced) return { requestId: raced.id, created: false };
      throw err;
    }
    if (phone !== input.PHONE_NUM) {
      throw new AppError(
        "validation",
        "verification_mismatch",
        CONSULTATION_MESSAGES.verificationMismatch,
        [{ field: "PHONE_NUM", message: CONSULTATION_MESSAGES.verificationMismatch }],
      );
    }
    const requestId = randomUUID();
    await insertConsultation(tx, {
      id: requestId,
      applicantType: input.APPLICANT_TYPE,
      name: input.NAME,
      grade: input.GRADE,
      subject: input.SUBJECT,
      phone,
      preferredTime: input.PREFERRED_TIME,
      preferredTimeNote: input.PREFERRED_TIME_NOTE,
      memo: input.MEMO,
      privacyAgreedAt: now,
      utmCampaign: input.UTM.utm_campaign,
      utmContent: input.UTM.utm_content,
      utmMedium: input.UTM.utm_medium,
      utmSource: input.UTM.utm_source,
      utmTerm: input.UTM.utm_term,
      status: "RECEIVED",
      verificationTokenHash: tokenHash,
      createdAt: now,
    });
    await purgeConsultationsBefore(tx, new Date(now.getTime() - RETENTION_MS));
    return { requestId, created: true };
  }).catch(async (err: unknown) => {
    // The unique token index caught a race the lookups could not see: answer like a repeat.
    if (!isUniqueViolation(err, "consultation_requests_token_hash_key")) throw err;
    const existing = await findConsultationByTokenHash(deps.db, tokenHash);
    if (!existing) throw err;
    return { requestId: existing.id, created: false };
  });
  if (outcome.created) {
    await insertAuditLog(deps.db, {
      kind: "EXECUTION",
      initiator: "UNKNOWN",
      action: "consultation_request",
      target: `consultation:${outcome.requestId}`,
      detail: {
        applicantType: input.APPLICANT_TYPE,
        subject: input.SUBJECT,
        utmSource: input.UTM.utm_source,
      },
      requestId: ctx.requestId,
    });
  }
  return outcome;
}

// ---- staff -------------------------------------------------------------------------------------

/**
 * The audit initiator of a staff caller.
 * @throws AppError forbidden `forbidden` for anyone but ADMIN and SALES_TEAM
 */
export function requireStaff(caller: AuthUser) {
  const initiator = CONSULTATION_STAFF[caller.userType];
  if (!initiator) throw new AppError("forbidden", "forbidden", ACCOUNT_MESSAGES.forbidden);
  return initiator;
}

/** A request as the staff call answers it (see consultationOutput). */
export function toStaffView(row: ConsultationWithStaff) {
  const utm = {
    utm_campaign: row.utmCampaign,
    utm_content: row.utmContent,
    utm_medium: row.utmMedium,
    utm_source: row.utmSource,
    utm_term: row.utmTerm,
  } satisfies Record<(typeof UTM_KEYS)[number], string | null>;
  return {
    REQUEST_ID: row.id,
    CREATED_AT: row.createdAt.toISOString(),
    APPLICANT_TYPE: row.applicantType,
    NAME: row.name,
    GRADE: row.grade,
    SUBJECT: row.subject,
    PHONE_NUM: row.phone,
    PREFERRED_TIME: row.preferredTime,
    PREFERRED_TIME_NOTE: row.preferredTimeNote,
    MEMO: row.memo,
    UTM: utm,
    STATUS: row.status as ConsultationStatus,
    STATUS_CHANGED_AT: row.statusChangedAt?.toISOString() ?? null,
    STATUS_CHANGED_BY:
      row.statusChangedBy === null
        ? null
        : { USER_NO: row.statusChangedBy, USER_NAME: row.statusChangedByName ?? "(삭제된 계정)" },
  };
}

/** Filters and position of a staff list call (validated at the edge). */
export interface ListInput {
  status?: ConsultationStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * One page of requests, newest first, for staff (POST /main/admin/consultation_requests).
 * Reading personal data is logged as an EXECUTION audit entry `consultation_list_view`
 * (who, the filters, how many rows; never the rows themselves).
 * @returns rows, TOTAL_COUNT for the filters, NEXT_CURSOR (null on the last page)
 * @throws AppError forbidden `forbidden`; validation `validation_failed` (field CURSOR) for a
 *   cursor this server did not make
 */
export async function listConsultations(
  deps: ConsultationsDeps,
  caller: AuthUser,
  input: ListInput,
  ctx: RequestContext,
) {
  const initiator = requireStaff(caller);
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  if (input.cursor !== undefined && after === null) {
    throw new AppError("validation", "validation_failed", MESSAGES.validation, [
      { field: "CURSOR", message: CONSULTATION_MESSAGES.cursor },
    ]);
  }
  const filter = {
    ...(input.status ? { status: input.status } : {}),
    ...seoulDayRange(input.from, input.to),
  };
  const [rows, total] = await Promise.all([
    findConsultationsPage(deps.db, filter, after, input.limit + 1),
    countConsultations(deps.db, filter),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > input.limit && last
      ? encodeCursor({ createdAt: last.createdAt, id: last.id })
      : null;
  await insertAuditLog(deps.db, {
    kind: "EXECUTION",
    initiator,
    actorUserId: caller.userNo,
    action: "consultation_list_view",
    target: "consultation_requests",
    detail: {
      status: input.status ?? null,
      from: input.from ?? null,
      to: input.to ?? null,
      paged: after !== null,
      rows: page.length,
    },
    requestId: ctx.requestId,
  });
  return { requests: page.map(toStaffView), totalCount: total, nextCursor };
}

/**
 * Changes a request's status (POST /main/admin/consultation_requests/status) along the
 * transition table, recording who and when on the request and in an EXECUTION audit entry
 * `consultation_status_change` (from, to), in one transaction.
 * @returns the request after the change
 * @throws AppError forbidden `forbidden`; not_found `consultation_not_found`; conflict
 *   `invalid_status_transition` (RESPONSE.CURRENT_STATUS) when the change is not allowed from
 *   the current status, or another staff member changed it first
 */
export async function changeConsultationStatus(
  deps: ConsultationsDeps,
  caller: AuthUser,
  input: { requestId: string; status: ConsultationStatus },
  ctx: RequestContext,
) {
  const initiator = requireStaff(caller);
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const row = await findConsultationById(tx, input.requestId);
    if (!row) {
      throw new AppError("not_found", "consultation_not_found", CONSULTATION_MESSAGES.notFound);
    }
    const from = row.status as ConsultationStatus;
    const conflict = (current: string) =>
      new AppError(
        "conflict",
        "invalid_status_transition",
        CONSULTATION_MESSAGES.invalidTransition,
        [{ field: "STATUS", message: CONSULTATION_MESSAGES.invalidTransition }],
        { response: { CURRENT_STATUS: current } },
      );
    if (!canChangeStatus(from, input.status)) throw conflict(from);
    const changed = await updateConsultationStatus(tx, {
      id: row.id,
      from,
      to: input.status,
      by: caller.userNo,
      at: now,
    });
    if (!changed) {
      const current = await findConsultationById(tx, row.id);
      throw conflict(current?.status ?? from);
    }
    await insertAuditLog(tx, {
      kind: "EXECUTION",
      initiator,
      actorUserId: caller.userNo,
      action: "consultation_status_change",
      target: `consultation:${row.id}`,
      detail: { from, to: input.status },
      requestId: ctx.requestId,
    });
  });
  const updated = await findConsultationById(deps.db, input.requestId);
  return toStaffView(updated!);
}
