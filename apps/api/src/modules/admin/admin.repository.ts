/**
 * The console's reads (issue 16; decision 022): a read model over the areas' tables — search,
 * the family timeline, the payment page, queue counts — plus the console's own tables (staff
 * notes, idempotency keys). Reads only for other areas' tables: every change goes through the
 * owning area's public face (admin.service.ts). Only this file touches the ORM for the console.
 *
 * Search queries each use an index (migration 0022): payments by id / merchant_uid /
 * gateway_payment_id / subscription_id / billing_card_id; users by id and pg_trgm GIN on name,
 * phone, parent_phone, lower(email); billing cards by their first-8 / last-4 expressions;
 * calendar feeds by token hash. Each returns at most `limit` rows after the keyset position, in
 * the console's order (newest first).
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  lt,
  lte,
  or,
  schema,
  sql,
  type Database,
} from "@seoltab/db";
import { assertTransition } from "@seoltab/domain";
import { ADMIN_ACTION_TRANSITIONS, likeAnywhere, type AdminSearchKey } from "@seoltab/domain/admin";

export type AdminNoteRow = typeof schema.adminNotes.$inferSelect;
export type AdminActionRow = typeof schema.adminActions.$inferSelect;

/** Where a search page ended, in the order (at desc, rank asc, id desc). */
export interface SearchPosition {
  at: Date;
  /** 0 = PAYMENT, 1 = FAMILY. */
  rank: number;
  id: number;
}

/** One raw match: a payment or a person, the key that found it and when it was created. */
export interface RawHit {
  kind: "PAYMENT" | "FAMILY";
  id: number;
  at: Date;
  key: AdminSearchKey;
}

const RANK = { PAYMENT: 0, FAMILY: 1 } as const;

/** `created_at, id` strictly after `pos` for rows of rank `rank` (see SearchPosition). */
function after(
  createdAt: typeof schema.payments.createdAt | typeof schema.users.createdAt,
  idCol: typeof schema.payments.id | typeof schema.users.id,
  rank: number,
  pos: SearchPosition | null,
) {
  if (!pos) return undefined;
  if (rank > pos.rank) return lte(createdAt, pos.at);
  if (rank < pos.rank) return lt(createdAt, pos.at);
  return or(lt(createdAt, pos.at), and(eq(createdAt, pos.at), lt(idCol, pos.id)));
}

/** Payments matching `where`, newest first, after `pos`. */
async function paymentHits(
  db: Database,
  key: AdminSearchKey,
  where: ReturnType<typeof eq>,
  pos: SearchPosition | null,
  limit: number,
  withCard = false,
): Promise<RawHit[]> {
  const p = schema.payments;
  const c = schema.billingCards;
  const base = db.select({ id: p.id, at: p.createdAt }).from(p);
  const query = withCard ? base.innerJoin(c, eq(c.id, p.billingCardId)) : base;
  const rows = await query
    .where(and(where, after(p.createdAt, p.id, RANK.PAYMENT, pos)))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(limit);
  return rows.map((r) => ({ kind: "PAYMENT", id: r.id, at: r.at, key }));
}

/** Families (students and parents) matching `where`, newest first, after `pos`. */
async function familyHits(
  db: Database,
  key: AdminSearchKey,
  where: ReturnType<typeof eq>,
  pos: SearchPosition | null,
  limit: number,
): Promise<RawHit[]> {
  const u = schema.users;
  const rows = await db
    .select({ id: u.id, at: u.createdAt })
    .from(u)
    .where(
      and(
        where,
        inArray(u.userType, ["STUDENT", "PARENT"]),
        after(u.createdAt, u.id, RANK.FAMILY, pos),
      ),
    )
    .orderBy(desc(u.createdAt), desc(u.id))
    .limit(limit);
  return rows.map((r) => ({ kind: "FAMILY", id: r.id, at: r.at, key }));
}

/**
 * The rows one key finds (SPEC.md §3 search keys, phone, last 4 digits).
 * `value`: the trimmed text; `digits`/`id` as packages/domain planAdminSearch read them;
 * `accessKeyHash`: sha256 hex of the text for ACCESS_KEY.
 */
export async function searchByKey(
  db: Database,
  key: AdminSearchKey,
  input: { text: string; digits: string | null; id: number | null; accessKeyHash: string },
  pos: SearchPosition | null,
  limit: number,
): Promise<RawHit[]> {
  const p = schema.payments;
  const u = schema.users;
  const c = schema.billingCards;
  switch (key) {
    case "PAYMENT_ID":
      return input.id === null ? [] : paymentHits(db, key, eq(p.id, input.id), pos, limit);
    case "PACKAGE_ID":
      return input.id === null
        ? []
        : paymentHits(
            db,
            key,
            sql`(${p.subscriptionId} = ${input.id} or ${p.id} = (select ${schema.subscriptions.firstPaymentId} from ${schema.subscriptions} where ${schema.subscriptions.id} = ${input.id}))` as ReturnType<
              typeof eq
            >,
            pos,
            limit,
          );
    case "IMP_UID":
      return paymentHits(db, key, eq(p.gatewayPaymentId, input.text), pos, limit);
    case "MERCHANT_UID":
      return paymentHits(db, key, eq(p.merchantUid, input.text), pos, limit);
    case "FIRST_EIGHT_CARD_NUMBER":
      return paymentHits(
        db,
        key,
        sql`left(replace(${c.numberMasked}, '-', ''), 8) = ${input.digits}` as ReturnType<
          typeof eq
        >,
        pos,
        limit,
        true,
      );
    case "LAST_FOUR_CARD_NUMBER":
      return paymentHits(
        db,
        key,
        sql`right(${c.numberMasked}, 4) = ${input.digits}` as ReturnType<typeof eq>,
        pos,
        limit,
        true,
      );
    case "USER_ID":
      if (input.id !== null) return familyHits(db, key, eq(u.id, input.id), pos, limit);
      return familyHits(
        db,
        key,
        sql`lower(${u.email}) like ${likeAnywhere(input.text.toLowerCase())}` as ReturnType<
          typeof eq
        >,
        pos,
        limit,
      );
    case "USER_NAME":
      return familyHits(
        db,
        key,
        sql`${u.name} ilike ${likeAnywhere(input.text)}` as ReturnType<typeof eq>,
        pos,
        limit,
      );
    case "PHONE": {
      const pattern = likeAnywhere(input.digits ?? "");
      return familyHits(
        db,
        key,
        sql`(${u.phone} like ${pattern} or ${u.parentPhone} like ${pattern})` as ReturnType<
          typeof eq
        >,
        pos,
        limit,
      );
    }
    case "ACCESS_KEY": {
      const f = schema.calendarFeeds;
      const [feed] = await db
        .select({ userId: f.userId })
        .from(f)
        .where(eq(f.tokenHash, input.accessKeyHash))
        .limit(1);
      return feed ? familyHits(db, key, eq(u.id, feed.userId), pos, limit) : [];
    }
  }
}

/** The rows shown for payment hits: the payment, its student and its card (masked). */
export async function paymentSummaries(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const p = schema.payments;
  const u = schema.users;
  const c = schema.billingCards;
  return db
    .select({
      payment: p,
      userName: u.name,
      userType: u.userType,
      phone: u.phone,
      cardNumber: c.numberMasked,
      cardCompany: c.companyName,
    })
    .from(p)
    .innerJoin(u, eq(u.id, p.userId))
    .leftJoin(c, eq(c.id, p.billingCardId))
    .where(inArray(p.id, ids));
}

/** People by id (never the password hash). */
export async function peopleByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const u = schema.users;
  return db
    .select({
      id: u.id,
      name: u.name,
      email: u.email,
      userType: u.userType,
      phone: u.phone,
      parentPhone: u.parentPhone,
      grade: u.grade,
      status: u.status,
      createdAt: u.createdAt,
    })
    .from(u)
    .where(inArray(u.id, ids));
}

export type Person = Awaited<ReturnType<typeof peopleByIds>>[number];

/**
 * The family of a person: the students and parents linked through parent_children (a parent's
 * children, a student's parents and their other children). Ids, the person first.
 */
export async function familyIdsOf(db: Database, userId: number): Promise<number[]> {
  const pc = schema.parentChildren;
  const links = await db
    .select({ parent: pc.parentUserId, child: pc.childUserId })
    .from(pc)
    .where(or(eq(pc.parentUserId, userId), eq(pc.childUserId, userId)));
  const parents = new Set(links.map((l) => l.parent));
  parents.add(userId);
  const more = await db
    .select({ parent: pc.parentUserId, child: pc.childUserId })
    .from(pc)
    .where(inArray(pc.parentUserId, [...parents]))
    .limit(50);
  const ids = new Set<number>([userId]);
  for (const l of [...links, ...more]) {
    ids.add(l.parent);
    ids.add(l.child);
  }
  return [...ids];
}

/** How many rows of each timeline source are read at most (the newest). */
const TIMELINE_LIMIT = 200;

/** The sources of a family's timeline (students' records, every member's messages and notes). */
export async function timelineSources(db: Database, studentIds: number[], memberIds: number[]) {
  const p = schema.payments;
  const pt = schema.paymentTransitions;
  const pi = schema.paymentItems;
  const l = schema.lectures;
  const lt_ = schema.lectureTransitions;
  const ls = schema.lessons;
  const lc = schema.lectureChanges;
  const rr = schema.refundRequests;
  const ct = schema.contracts;
  const m = schema.messages;
  const n = schema.adminNotes;
  const none = studentIds.length === 0;
  const [payments, transitions, lectures, lectureMoves, lessons, changes, refunds, contracts] = none
    ? [[], [], [], [], [], [], [], []]
    : await Promise.all([
        db
          .select()
          .from(p)
          .where(inArray(p.userId, studentIds))
          .orderBy(desc(p.createdAt))
          .limit(TIMELINE_LIMIT),
        db
          .select({ t: pt, itemName: pi.name, paymentName: p.name })
          .from(pt)
          .innerJoin(p, eq(p.id, pt.paymentId))
          .leftJoin(pi, eq(pi.id, pt.paymentItemId))
          .where(inArray(p.userId, studentIds))
          .orderBy(desc(pt.createdAt))
          .limit(TIMELINE_LIMIT),
        db
          .select()
          .from(l)
          .where(inArray(l.userId, studentIds))
          .orderBy(desc(l.createdAt))
          .limit(TIMELINE_LIMIT),
        db
          .select({ t: lt_, title: l.title })
          .from(lt_)
          .innerJoin(l, eq(l.id, lt_.lectureId))
          .where(inArray(l.userId, studentIds))
          .orderBy(desc(lt_.createdAt))
          .limit(TIMELINE_LIMIT),
        db
          .select({ lesson: ls, title: l.title })
          .from(ls)
          .innerJoin(l, eq(l.id, ls.lectureId))
          .where(inArray(ls.userId, studentIds))
          .orderBy(desc(ls.startsAt))
          .limit(TIMELINE_LIMIT),
        db
          .select({ change: lc, title: l.title })
          .from(lc)
          .innerJoin(l, eq(l.id, lc.lectureId))
          .where(inArray(l.userId, studentIds))
          .orderBy(desc(lc.createdAt))
          .limit(TIMELINE_LIMIT),
        db
          .select({ refund: rr, paymentName: p.name })
          .from(rr)
          .innerJoin(p, eq(p.id, rr.paymentId))
          .where(inArray(p.userId, studentIds))
          .orderBy(desc(rr.createdAt))
          .limit(TIMELINE_LIMIT),
        db
          .select()
          .from(ct)
          .where(inArray(ct.userId, studentIds))
          .orderBy(desc(ct.createdAt))
          .limit(TIMELINE_LIMIT),
      ]);
  const [messages, notes] = await Promise.all([
    db
      .select({
        id: m.id,
        subject: m.subject,
        channel: m.channel,
        state: m.state,
        text: m.text,
        recipientUserId: m.recipientUserId,
        createdAt: m.createdAt,
      })
      .from(m)
      .where(inArray(m.recipientUserId, memberIds))
      .orderBy(desc(m.createdAt))
      .limit(TIMELINE_LIMIT),
    db
      .select({ note: n, authorName: schema.users.name })
      .from(n)
      .innerJoin(schema.users, eq(schema.users.id, n.authorUserId))
      .where(inArray(n.familyUserId, memberIds))
      .orderBy(desc(n.createdAt))
      .limit(TIMELINE_LIMIT),
  ]);
  return {
    payments,
    transitions,
    lectures,
    lectureMoves,
    lessons,
    changes,
    refunds,
    contracts,
    messages,
    notes,
  };
}

/** The payment page's rows: the payment, its items, its state history, card and refunds. */
export async function paymentDetail(db: Database, paymentId: number) {
  const p = schema.payments;
  const [row] = await db.select().from(p).where(eq(p.id, paymentId));
  if (!row) return null;
  const [items, transitions, refunds, card, user] = await Promise.all([
    db
      .select()
      .from(schema.paymentItems)
      .where(eq(schema.paymentItems.paymentId, paymentId))
      .orderBy(asc(schema.paymentItems.id)),
    db
      .select()
      .from(schema.paymentTransitions)
      .where(eq(schema.paymentTransitions.paymentId, paymentId))
      .orderBy(asc(schema.paymentTransitions.id)),
    db
      .select()
      .from(schema.refundRequests)
      .where(eq(schema.refundRequests.paymentId, paymentId))
      .orderBy(desc(schema.refundRequests.id)),
    row.billingCardId === null
      ? Promise.resolve([])
      : db
          .select({
            numberMasked: schema.billingCards.numberMasked,
            companyName: schema.billingCards.companyName,
            name: schema.billingCards.name,
            cardType: schema.billingCards.cardType,
          })
          .from(schema.billingCards)
          .where(eq(schema.billingCards.id, row.billingCardId)),
    peopleByIds(db, [row.userId]),
  ]);
  return { payment: row, items, transitions, refunds, card: card[0] ?? null, user: user[0]! };
}

/** Adds a staff note; returns it. */
export async function insertNote(
  db: Database,
  note: { familyUserId: number; authorUserId: number; authorRole: string; body: string; at: Date },
): Promise<AdminNoteRow> {
  const [row] = await db
    .insert(schema.adminNotes)
    .values({
      familyUserId: note.familyUserId,
      authorUserId: note.authorUserId,
      authorRole: note.authorRole,
      body: note.body,
      createdAt: note.at,
    })
    .returning();
  return row!;
}

/**
 * Reserves an idempotency key for an action. Returns "reserved" for the first caller, the row for
 * a later one (RUNNING: still in flight; DONE: its answer), and never two "reserved" for a key.
 */
export async function reserveAction(
  db: Database,
  entry: { key: string; actorUserId: number; action: string; requestHash: string; at: Date },
): Promise<"reserved" | AdminActionRow> {
  const a = schema.adminActions;
  const inserted = await db
    .insert(a)
    .values({
      idempotencyKey: entry.key,
      actorUserId: entry.actorUserId,
      action: entry.action,
      requestHash: entry.requestHash,
      state: "RUNNING",
      createdAt: entry.at,
    })
    .onConflictDoNothing({ target: a.idempotencyKey })
    .returning({ key: a.idempotencyKey });
  if (inserted.length > 0) return "reserved";
  const [row] = await db.select().from(a).where(eq(a.idempotencyKey, entry.key));
  return row!;
}

/**
 * Keeps the answer of a finished action (RUNNING → DONE, ADMIN_ACTION_TRANSITIONS); only while
 * the row is still RUNNING.
 */
export async function finishAction(db: Database, key: string, response: unknown, at: Date) {
  assertTransition(ADMIN_ACTION_TRANSITIONS, "admin action", "RUNNING", "DONE");
  const a = schema.adminActions;
  await db
    .update(a)
    .set({ state: "DONE", response, finishedAt: at })
    .where(and(eq(a.idempotencyKey, key), eq(a.state, "RUNNING")));
}

/**
 * Frees the key of an action that failed (it may be tried again): the RUNNING row is deleted —
 * not a state of ADMIN_ACTION_TRANSITIONS; a DONE row is never removed.
 */
export async function releaseAction(db: Database, key: string) {
  const a = schema.adminActions;
  await db.delete(a).where(and(eq(a.idempotencyKey, key), eq(a.state, "RUNNING")));
}

// ---------------------------------------------------------------------------------------------
// Queues

/** Counts of the built-in queues (issue 16 "Queues") whose areas exist. `now` in UTC. */
export async function queueCounts(db: Database, now: Date) {
  const day = 86_400_000;
  const count = sql<number>`count(*)::int`;
  const lr = schema.lessonRequests;
  const l = schema.lectures;
  const p = schema.payments;
  const mt = schema.matchings;
  const ta = schema.tutorApplications;
  const ls = schema.lessons;
  const s = schema.subscriptions;
  const rr = schema.refundRequests;
  const [forms, matchings, applicants, zeroLessons, renewals, refunds, vbanks] = await Promise.all([
    // Lecture lines paid 3+ days ago whose lesson request form was never submitted.
    db
      .select({ n: count })
      .from(l)
      .innerJoin(p, eq(p.id, l.paymentId))
      .where(
        and(
          eq(l.state, "REGISTER"),
          lt(p.completedAt, new Date(now.getTime() - 3 * day)),
          sql`not exists (select 1 from ${lr} where ${lr.lectureId} = ${l.id} and ${lr.state} = 'SUBMITTED')`,
        ),
      ),
    db
      .select({ n: count })
      .from(mt)
      .where(
        and(
          eq(mt.state, "OPEN"),
          lt(mt.openedAt, new Date(now.getTime() - 2 * day)),
          sql`not exists (select 1 from ${schema.matchingSuggestions} s where s.matching_id = ${mt.id} and s.state in ('ACCEPTED', 'CHOSEN'))`,
        ),
      ),
    db
      .select({ n: count })
      .from(ta)
      .where(sql`${ta.stalledAt} is not null`),
    db
      .select({ n: count })
      .from(ls)
      .where(and(eq(ls.state, "DONE"), eq(ls.heldMinutes, 0), sql`${ls.zeroReviewedAt} is null`)),
    db
      .select({ n: count })
      .from(s)
      .where(and(inArray(s.status, ["ACTIVE", "PAST_DUE"]), gt(s.failedAttempts, 0))),
    db.select({ n: count }).from(rr).where(eq(rr.state, "STAFF_REVIEW")),
    db
      .select({ n: count })
      .from(p)
      .where(
        and(
          eq(p.state, "READY"),
          eq(p.paymentMethod, "VBANK"),
          sql`(${p.virtualAccount} ->> 'dueAt')::timestamptz < ${new Date(now.getTime() + day).toISOString()}::timestamptz`,
        ),
      ),
  ]);
  return {
    forms: forms[0]?.n ?? 0,
    matchings: matchings[0]?.n ?? 0,
    applicants: applicants[0]?.n ?? 0,
    zeroLessons: zeroLessons[0]?.n ?? 0,
    renewals: renewals[0]?.n ?? 0,
    refunds: refunds[0]?.n ?? 0,
    vbanks: vbanks[0]?.n ?? 0,
  };
}

/** Subscriptions whose renewals failed (the failed-renewals queue), most attempts first. */
export async function failedRenewals(db: Database, limit: number) {
  const s = schema.subscriptions;
  const u = schema.users;
  return db
    .select({ subscription: s, userName: u.name })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(and(inArray(s.status, ["ACTIVE", "PAST_DUE"]), gt(s.failedAttempts, 0)))
    .orderBy(desc(s.failedAttempts), asc(s.nextChargeAt))
    .limit(limit);
}

/** Virtual accounts awaiting deposit, nearest deadline first. */
export async function awaitingDeposits(db: Database, limit: number) {
  const p = schema.payments;
  const u = schema.users;
  return db
    .select({ payment: p, userName: u.name })
    .from(p)
    .innerJoin(u, eq(u.id, p.userId))
    .where(and(eq(p.state, "READY"), eq(p.paymentMethod, "VBANK")))
    .orderBy(sql`(${p.virtualAccount} ->> 'dueAt') asc nulls last`, asc(p.id))
    .limit(limit);
}

/** Rows read per query by the console's CSV exports (keyset batches). */
export const EXPORT_BATCH = 500;

/**
 * Every failed renewal (the FAILED_RENEWALS queue), in the queue's order (most failed attempts
 * first, then next charge, then id), read in keyset batches of `EXPORT_BATCH` (an export
 * streams them; memory stays flat).
 */
export async function* failedRenewalRows(db: Database) {
  const s = schema.subscriptions;
  const u = schema.users;
  let last: { attempts: number; nextKey: string; id: number } | null = null;
  for (;;) {
    const rows: {
      subscription: typeof s.$inferSelect;
      userName: string | null;
      nextKey: string;
    }[] = await db
      .select({ subscription: s, userName: u.name, nextKey: sql<string>`${s.nextChargeAt}::text` })
      .from(s)
      .innerJoin(u, eq(u.id, s.userId))
      .where(
        and(
          inArray(s.status, ["ACTIVE", "PAST_DUE"]),
          gt(s.failedAttempts, 0),
          last
            ? sql`(${s.failedAttempts} < ${last.attempts} or (${s.failedAttempts} = ${last.attempts} and (${s.nextChargeAt}, ${s.id}) > (${last.nextKey}::timestamptz, ${last.id})))`
            : undefined,
        ),
      )
      .orderBy(desc(s.failedAttempts), asc(s.nextChargeAt), asc(s.id))
      .limit(EXPORT_BATCH);
    for (const row of rows) yield row;
    const tail = rows.at(-1);
    if (!tail || rows.length < EXPORT_BATCH) return;
    last = {
      attempts: tail.subscription.failedAttempts,
      nextKey: tail.nextKey,
      id: tail.subscription.id,
    };
  }
}

/**
 * Every virtual account awaiting deposit (the VBANK queue), nearest deadline first (no
 * deadline last), then id; keyset batches of `EXPORT_BATCH`. The deadline is the ISO text
 * kept in `virtual_account.dueAt` (UTC, fixed width: text order is time order).
 */
export async function* awaitingDepositRows(db: Database) {
  const p = schema.payments;
  const u = schema.users;
  const due = sql<string>`coalesce(${p.virtualAccount} ->> 'dueAt', '9999')`;
  let last: { due: string; id: number } | null = null;
  for (;;) {
    const rows: { payment: typeof p.$inferSelect; userName: string | null; due: string }[] =
      await db
        .select({ payment: p, userName: u.name, due })
        .from(p)
        .innerJoin(u, eq(u.id, p.userId))
        .where(
          and(
            eq(p.state, "READY"),
            eq(p.paymentMethod, "VBANK"),
            last ? sql`(${due}, ${p.id}) > (${last.due}, ${last.id})` : undefined,
          ),
        )
        .orderBy(asc(due), asc(p.id))
        .limit(EXPORT_BATCH);
    for (const row of rows) yield row;
    const tail = rows.at(-1);
    if (!tail || rows.length < EXPORT_BATCH) return;
    last = { due: tail.due, id: tail.payment.id };
  }
}
