/**
 * Issue 16 "Audit" and "Export": the append-only hash chain (sealed at commit, one chain under
 * parallel writers, verify names the first broken link), staff-action and security entries,
 * permission denials, the audit view on /matching/graphql, and the streamed CSV exports (BOM,
 * formula escaping, masking, ADMIN only, 50k rows). Runs on PGlite and PostgreSQL.
 */
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema, sql, type Database } from "@seoltab/db";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import {
  findAuditEntriesByIds,
  insertAuditLog,
  recordSecurityEvent,
  recordStaffAction,
  verifyAuditChain,
} from "../../platform/audit.ts";
import { withTransaction } from "../../platform/transactions.ts";
import { csvStream, maskCardForExport } from "../../platform/csv-export.ts";
import { newUser, type TestUser } from "../payments/payments.test-support.ts";
import { gqlAs, okData, refusedAnswer } from "../lessons/lessons.test-support.ts";

let t: TestApp;
let db: Database;
let admin: TestUser;
let sales: TestUser;
let student: TestUser;
let gql: ReturnType<typeof gqlAs>;

const BOM = "\uFEFF";

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  [admin, sales, student] = await Promise.all([
    newUser(t, "ADMIN"),
    newUser(t, "SALES_TEAM"),
    newUser(t, "STUDENT"),
  ]);
  gql = gqlAs(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Runs `statements` with every user trigger of audit_logs off (as the table owner would). */
async function tamper(statements: ReturnType<typeof sql>[]) {
  await withTransaction(db, async (tx) => {
    await tx.execute(sql`alter table audit_logs disable trigger user`);
    for (const s of statements) await tx.execute(s);
    await tx.execute(sql`alter table audit_logs enable trigger user`);
  });
}

function csvGet(user: TestUser | null, path: string) {
  return t.app.inject({
    method: "GET",
    url: `/main/admin/exports/${path}`,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
}

function csvLines(body: string): string[] {
  expect(body.startsWith(BOM)).toBe(true);
  return body.slice(1).split("\r\n").filter(Boolean);
}

describe("the audit chain", () => {
  it("seals every entry at commit with the previous entry's hash, and verify says OK", async () => {
    const id = await insertAuditLog(db, {
      kind: "EXECUTION",
      initiator: "AUTO",
      action: "test_chain",
      target: "test:1",
      detail: { b: 1, a: "한글" },
    });
    const [row] = await findAuditEntriesByIds(db, [id]);
    expect(row!.seq).toBeGreaterThan(0);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    const prev = await db
      .select({ hash: schema.auditLogs.hash })
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.seq, row!.seq! - 1));
    expect(row!.prevHash).toBe(prev[0]?.hash ?? "0".repeat(64));
    const report = await verifyAuditChain(db);
    expect(report).toMatchObject({ ok: true });
  });

  it("refuses UPDATE, DELETE and TRUNCATE, and hashes the writer sends are ignored", async () => {
    const id = await insertAuditLog(db, {
      kind: "SECURITY",
      initiator: "UNKNOWN",
      action: "test_append_only",
    });
    await expect(
      db.execute(sql`update audit_logs set action = 'changed' where id = ${id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_logs where id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_logs`)).rejects.toThrow();
    await db.execute(
      sql`insert into audit_logs (kind, initiator, action, seq, prev_hash, hash)
          values ('SECURITY', 'UNKNOWN', 'test_forged', 1, 'x', 'y')`,
    );
    const [forged] = await db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, "test_forged"));
    expect(forged!.hash).not.toBe("y");
    expect(forged!.seq).not.toBe(1);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it("parallel writers (and a slow transaction) keep one chain, in commit order", async () => {
    const before = await verifyAuditChain(db);
    expect(before.ok).toBe(true);
    const slow = withTransaction(db, async (tx) => {
      await insertAuditLog(tx, { kind: "EXECUTION", initiator: "AUTO", action: "test_slow" });
      await new Promise((r) => setTimeout(r, 150));
      await insertAuditLog(tx, { kind: "EXECUTION", initiator: "AUTO", action: "test_slow" });
    });
    const fast = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? insertAuditLog(db, { kind: "EXECUTION", initiator: "AUTO", action: "test_parallel" })
        : withTransaction(db, (tx) =>
            insertAuditLog(tx, { kind: "SECURITY", initiator: "AUTO", action: "test_parallel" }),
          ),
    );
    await Promise.all([slow, ...fast]);
    const after = await verifyAuditChain(db);
    expect(after).toMatchObject({ ok: true });
    expect(after.entries).toBeGreaterThanOrEqual(before.entries + 22);
    const seqs = (
      (await db.execute(
        sql`select count(*)::int as n, count(distinct seq)::int as d, count(distinct prev_hash)::int as p from audit_logs`,
      )) as unknown as { rows: { n: number; d: number; p: number }[] }
    ).rows;
    expect(seqs[0]).toEqual({ n: seqs[0]!.n, d: seqs[0]!.n, p: seqs[0]!.n });
  });

  it("verify points at the first broken link: a changed column, a removed entry", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        await insertAuditLog(db, {
          kind: "EXECUTION",
          initiator: "ADMIN",
          action: "test_tamper",
          detail: { amount: 1000 * (i + 1) },
        }),
      );
    }
    const [a, b, c] = await findAuditEntriesByIds(db, ids);

    // A changed amount: the entry's own hash no longer matches.
    await tamper([sql`update audit_logs set detail = '{"amount": 1}' where id = ${b!.id}`]);
    expect(await verifyAuditChain(db)).toMatchObject({
      ok: false,
      brokenAt: { id: b!.id, seq: b!.seq, problem: "hash_mismatch" },
    });
    // Recomputing its hash does not help: the next entry still holds the old one.
    await tamper([
      sql`update audit_logs set hash = encode(sha256(convert_to(audit_log_payload(audit_logs), 'UTF8')), 'hex') where id = ${b!.id}`,
    ]);
    expect(await verifyAuditChain(db)).toMatchObject({
      ok: false,
      brokenAt: { id: c!.id, problem: "prev_hash_mismatch" },
    });
    await tamper([
      sql`update audit_logs set detail = ${JSON.stringify(b!.detail)}::jsonb, hash = ${b!.hash} where id = ${b!.id}`,
    ]);
    expect((await verifyAuditChain(db)).ok).toBe(true);

    // A removed entry: the one after the gap is named (the row is kept aside to put it back).
    const saved = sql.raw(`audit_test_saved_${b!.id}`);
    await tamper([
      sql`create table ${saved} as select * from audit_logs where id = ${b!.id}`,
      sql`delete from audit_logs where id = ${b!.id}`,
    ]);
    expect(await verifyAuditChain(db)).toMatchObject({
      ok: false,
      brokenAt: { id: c!.id, seq: c!.seq, problem: "missing_entry" },
    });
    await tamper([sql`insert into audit_logs select * from ${saved}`, sql`drop table ${saved}`]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
    expect(a!.hash).toBe(b!.prevHash);
  });
});

describe("entries of staff actions and security events", () => {
  it("recordStaffAction keeps who, role, action, record, before/after, reason, request id", async () => {
    const id = await withTransaction(db, (tx) =>
      recordStaffAction(tx, {
        actor: { userNo: admin.userNo, userType: "ADMIN" },
        action: "test_refund_approved",
        record: "refund_request:77",
        before: { state: "STAFF_REVIEW" },
        after: { state: "REFUNDED", amount: 50_000 },
        reason: "고객 요청",
        requestId: "req-test-1",
      }),
    );
    const [row] = await findAuditEntriesByIds(db, [id]);
    expect(row).toMatchObject({
      kind: "EXECUTION",
      initiator: "ADMIN",
      actorUserId: admin.userNo,
      action: "test_refund_approved",
      target: "refund_request:77",
      requestId: "req-test-1",
      detail: {
        role: "ADMIN",
        before: { state: "STAFF_REVIEW" },
        after: { state: "REFUNDED", amount: 50_000 },
        reason: "고객 요청",
      },
    });
    const sec = await recordSecurityEvent(db, {
      actor: { userNo: sales.userNo, userType: "SALES_TEAM" },
      action: "test_search",
      record: "user:1",
      ip: "10.0.0.1",
    });
    const [s] = await findAuditEntriesByIds(db, [sec]);
    expect(s).toMatchObject({
      kind: "SECURITY",
      initiator: "SALES_TEAM",
      detail: { ip: "10.0.0.1" },
    });
  });

  it("a staff gate's refusal (REST) is a SECURITY permission_denied entry", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/main/admin/payments/search",
      headers: { authorization: `Bearer ${student.token}`, "content-type": "application/json" },
      payload: { SEARCH_KEY: "PAYMENT_ID", VALUE: "1" },
    });
    expect(res.statusCode).toBe(403);
    const rows = await db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.actorUserId, student.userNo));
    const denied = rows.find((r) => r.action === "permission_denied");
    expect(denied).toMatchObject({
      kind: "SECURITY",
      initiator: "USER",
      target: "POST /main/admin/payments/search",
      detail: { role: "STUDENT", required: "staff", code: "staff_only" },
    });
  });
});

describe("the audit view on /matching/graphql", () => {
  const Q = /* GraphQL */ `
    query ($filter: AuditEntryFilter, $after: String, $first: Int) {
      auditEntries(filter: $filter, after: $after, first: $first) {
        entries {
          id
          seq
          kind
          initiator
          actorUserId
          actorName
          action
          target
          reason
          before
          after
          requestId
          createdAt
          hash
        }
        nextCursor
      }
    }
  `;

  it("finds both kinds by person in keyset pages, newest first", async () => {
    for (let i = 0; i < 3; i++) {
      await recordStaffAction(db, {
        actor: { userNo: sales.userNo, userType: "SALES_TEAM" },
        action: "test_note_added",
        record: `user:${student.userNo}`,
        after: { note: `메모 ${i}` },
        reason: "상담",
      });
    }
    const first = await okData(
      gql("matching", admin, Q, { filter: { person: student.userNo }, first: 2 }),
    );
    const page1 = first.auditEntries;
    expect(page1.entries).toHaveLength(2);
    expect(page1.nextCursor).toBeTruthy();
    expect(Number(page1.entries[0].id)).toBeGreaterThan(Number(page1.entries[1].id));
    const second = await okData(
      gql("matching", admin, Q, {
        filter: { person: student.userNo },
        first: 50,
        after: page1.nextCursor,
      }),
    );
    const all = [...page1.entries, ...second.auditEntries.entries];
    const kinds = new Set(all.map((e: { kind: string }) => e.kind));
    expect(kinds).toEqual(new Set(["EXECUTION", "SECURITY"])); // notes + sign-in / denial
    const note = all.find((e: { action: string }) => e.action === "test_note_added");
    expect(note).toMatchObject({ initiator: "SALES_TEAM", reason: "상담", actorName: "박보호" });
    expect(JSON.parse(note.after)).toMatchObject({ note: expect.stringMatching(/^메모/) });

    const byRecord = await okData(
      gql("matching", admin, Q, {
        filter: { record: `user:${student.userNo}`, kind: "EXECUTION", from: "2020-01-01" },
      }),
    );
    expect(byRecord.auditEntries.entries.length).toBe(3);
    const none = await okData(
      gql("matching", admin, Q, { filter: { person: student.userNo, to: "2020-01-01" } }),
    );
    expect(none.auditEntries.entries).toEqual([]);
  });

  it("refuses SALES_TEAM (FORBIDDEN + permission_denied) and bad filters", async () => {
    const refused = await refusedAnswer(gql("matching", sales, Q, {}));
    expect(refused).toMatchObject({ classification: "FORBIDDEN", code: "admin_role_required" });
    const rows = await db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.actorUserId, sales.userNo));
    expect(rows.find((r) => r.action === "permission_denied")).toMatchObject({
      kind: "SECURITY",
      target: "graphql /matching: auditEntries",
      detail: { required: "admin" },
    });
    const bad = await refusedAnswer(
      gql("matching", admin, Q, { filter: { from: "어제", record: "x".repeat(10_000) } }),
    );
    expect(bad).toMatchObject({ classification: "BAD_REQUEST", code: "validation_failed" });
    const badCursor = await refusedAnswer(gql("matching", admin, Q, { after: "' or 1=1 --" }));
    expect(badCursor.code).toBe("validation_failed");
  });

  it("verifyAuditChain answers OK for ADMIN", async () => {
    const data = await okData(
      gql("matching", admin, `{ verifyAuditChain { ok entries headHash brokenId problem } }`),
    );
    expect(data.verifyAuditChain).toMatchObject({ ok: true, brokenId: null });
    expect(data.verifyAuditChain.entries).toBeGreaterThan(0);
  });
});

describe("CSV exports", () => {
  let family: TestUser;

  beforeAll(async () => {
    family = await newUser(t, "STUDENT");
    const [card] = await db
      .insert(schema.billingCards)
      .values({
        userId: family.userNo,
        registeredByUserId: family.userNo,
        billingKey: `bk-${family.userNo}`,
        name: "테스트카드",
        companyName: "신한카드",
        numberMasked: "4242-4242-****-4242",
        cardType: "CREDIT_CARD",
      })
      .returning({ id: schema.billingCards.id });
    const names = ['=HYPERLINK("http://x")', "+1+2", "-3", "@SUM(A1)", "스마트 수학"];
    await db.insert(schema.payments).values(
      names.map((name, i) => ({
        merchantUid: `csv-${family.userNo}-${i}`,
        requestHash: "0".repeat(64),
        userId: family.userNo,
        initiator: "USER",
        paymentMethod: "BILLING_CARD",
        state: "PAID",
        name,
        productsPrice: 10_000,
        discountedValue: 0,
        paidPrice: 10_000,
        billingCardId: card!.id,
      })),
    );
  });

  it("payments.csv: BOM, Korean header, formulas escaped, card masked, SECURITY entry", async () => {
    const res = await csvGet(admin, `payments.csv?userNo=${family.userNo}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="payments-\d{8}\.csv"/,
    );
    const lines = csvLines(res.body);
    expect(lines[0]).toMatch(/^결제번호,주문번호,PG결제번호,회원번호,이름,상품명/);
    expect(lines).toHaveLength(6);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).toContain(",'+1+2,");
    expect(res.body).toContain(",'-3,");
    expect(res.body).toContain(",'@SUM(A1),");
    expect(res.body).toContain(",스마트 수학,");
    expect(res.body).toContain(",42424242****4242,");
    expect(res.body).not.toMatch(/\d{13,}/);
    const entries = await db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.actorUserId, admin.userNo));
    expect(entries.find((e) => e.action === "csv_export")).toMatchObject({
      kind: "SECURITY",
      initiator: "ADMIN",
      target: "export:payments",
      detail: { list: "payments", filter: { userNo: family.userNo } },
    });
  });

  it("refund-requests.csv masks the bank account; audit.csv filters by person", async () => {
    const [payment] = await db
      .select({ id: schema.payments.id })
      .from(schema.payments)
      .where(eq(schema.payments.userId, family.userNo))
      .limit(1);
    await db.insert(schema.refundRequests).values({
      paymentId: payment!.id,
      paymentItemIds: [],
      requestedByUserId: family.userNo,
      initiator: "USER",
      reason: "=cmd|' /C calc'!A0",
      state: "STAFF_REVIEW",
      channel: "BANK",
      amount: 5_000,
      rule: "TEST",
      refundAccount: {
        bankCode: "088",
        bankName: "신한은행",
        accountNumber: "110123456789",
        holder: "김설탭",
      },
    });
    const res = await csvGet(admin, "refund-requests.csv?state=STAFF_REVIEW&channel=BANK");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("********6789");
    expect(res.body).not.toContain("110123456789");
    expect(res.body).toContain(",'=cmd|' /C calc'!A0,");

    const audit = await csvGet(admin, `audit.csv?person=${sales.userNo}&kind=EXECUTION`);
    expect(audit.statusCode).toBe(200);
    const lines = csvLines(audit.body);
    expect(lines[0]).toMatch(/^번호,체인순번,종류,역할/);
    expect(lines.slice(1).every((l) => l.includes(",EXECUTION,SALES_TEAM,"))).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(4);
  });

  it("SALES_TEAM and students are refused (403 + permission_denied); bad filters are 400", async () => {
    const res = await csvGet(sales, "payments.csv");
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      ONUEI_RES: { DATA: { RESULT: "FAIL", RESPONSE: { ERROR_CODE: "admin_role_required" } } },
    });
    const denials = await db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.actorUserId, sales.userNo));
    expect(denials.find((d) => d.target === "GET /main/admin/exports/payments.csv")).toMatchObject({
      kind: "SECURITY",
      action: "permission_denied",
      detail: { role: "SALES_TEAM", required: "admin" },
    });
    expect(denials.some((d) => d.action === "csv_export")).toBe(false);
    expect((await csvGet(null, "audit.csv")).statusCode).toBe(401);
    expect((await csvGet(admin, "payments.csv?state=DROP%20TABLE")).statusCode).toBe(400);
    expect((await csvGet(admin, `audit.csv?record=${"x".repeat(10_000)}`)).statusCode).toBe(400);
    expect((await csvGet(admin, "audit.csv?unknown=1")).statusCode).toBe(400);
  });

  it("streams 30,000 rows from the database in keyset batches", async () => {
    const many = await newUser(t, "STUDENT");
    await db.execute(sql`
      insert into payments (merchant_uid, request_hash, user_id, initiator, payment_method, state,
                            name, products_price, discounted_value, paid_price, created_at)
      select 'bulk-' || ${many.userNo} || '-' || g, repeat('0', 64), ${many.userNo}, 'USER', 'CASH',
             'PAID', '대량 ' || g, 1000, 0, 1000, now() - (g / 3) * interval '1 millisecond'
      from generate_series(1, 30000) g`);
    const res = await csvGet(admin, `payments.csv?userNo=${many.userNo}`);
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(30_001);
    // Newest first; rows sharing a created_at (three at a time) all come, once each.
    expect(lines[1]).toContain(",대량 2,");
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(30_000);
  }, 60_000);
});

describe("csvStream", () => {
  it("pulls rows only as the reader consumes them (bounded memory at any size)", async () => {
    const total = 50_000;
    let pulled = 0;
    let written = 0;
    let maxAhead = 0;
    async function* rows() {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield { i, name: `이름 ${i}` };
      }
    }
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        written += chunk.toString().split("\r\n").length - 1;
        maxAhead = Math.max(maxAhead, pulled - written);
        setImmediate(done);
      },
    });
    await pipeline(
      csvStream(rows(), [
        { header: "번호", value: (r) => r.i },
        { header: "이름", value: (r) => r.name },
      ]),
      sink,
    );
    expect(pulled).toBe(total);
    expect(written).toBe(total + 1);
    // Only a few buffers' worth of rows are ever in flight, never the list.
    expect(maxAhead).toBeLessThan(5_000);
  }, 30_000);

  it("masks card numbers to the first 8 and last 4 digits", () => {
    expect(maskCardForExport("4242424242424242")).toBe("42424242****4242");
    expect(maskCardForExport("4242-4242-****-4242")).toBe("42424242****4242");
    expect(maskCardForExport("12")).toBe("****");
    expect(maskCardForExport(null)).toBeNull();
  });
});
