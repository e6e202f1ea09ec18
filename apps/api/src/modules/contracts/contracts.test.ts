/**
 * Contracts API (issue #5; SPEC.md §7 ContractToSign, SignContract, UserContract): a contract is
 * written when a first order is paid (card, cash), never for renewals; the student, a linked
 * parent or staff read and sign it; everyone else is FORBIDDEN; signing is idempotent and one
 * signature survives concurrent calls. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { createHash } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { CONTRACT_TEXT_VERSION } from "@seoltab/domain";
import { offsetClock } from "../../clock.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { createSandboxGateway } from "../payments/gateway/sandbox.ts";
import { chargeDueRenewals } from "../payments/payments.jobs.ts";
import { findPaymentById, withTransaction } from "../payments/payments.repository.ts";
import {
  call,
  linkParent,
  merchantUid,
  newUser,
  responseOf,
  smartMath,
  subscribe,
  type StoreItem,
  type TestUser,
  studentWithCard,
} from "../payments/payments.test-support.ts";
import { createContractForPayment } from "./contracts.documents.ts";

let t: TestApp;
const clock = offsetClock();
let math: StoreItem;
let devices: StoreItem[];

beforeAll(async () => {
  const gateway = createSandboxGateway({ clock: () => clock.now() });
  t = await buildTestApp({}, {}, { payments: { gateway, clock } });
  math = await smartMath(t);
  devices = await t.database.db
    .select()
    .from(schema.storeItems)
    .where(and(eq(schema.storeItems.itemKind, "DEVICE"), eq(schema.storeItems.isActive, true)));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** An offered device of the seeded catalog matching `pick`. */
function device(pick: (d: StoreItem) => boolean): StoreItem {
  const found = devices
    .filter((d) => d.count > 0 && !d.isHomeshopping)
    .sort((a, b) => a.id - b.id)
    .find(pick);
  if (!found) throw new Error("no such device in the seeded catalog");
  return found;
}

const UA = "Mozilla/5.0 (contracts test)";

/** POST /payment/graphql as `user` from `ip` with a browser user agent. */
function gql(
  user: TestUser | null,
  query: string,
  variables: Record<string, unknown> = {},
  ip = "10.77.1.2",
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: "/payment/graphql",
    remoteAddress: ip,
    headers: {
      "content-type": "application/json",
      "user-agent": UA,
      ...(user ? { authorization: `Bearer ${user.token}` } : {}),
    },
    payload: JSON.stringify({ query, variables }),
  });
}

const TO_SIGN = /* GraphQL */ `
  query ($userId: Int!) {
    contractToSign(input: { userId: $userId }) {
      id
      userId
      userName
      parentName
    }
  }
`;

const SIGN = /* GraphQL */ `
  mutation ($input: SignContractInput!) {
    signContract(input: $input) {
      userContractId
    }
  }
`;

const USER_CONTRACT = /* GraphQL */ `
  query ($userId: Int!) {
    userContract(userId: $userId) {
      id
      userId
      userName
      parentName
      paidAt
      deviceId
      contract {
        id
        name
        ownershipType
        isUsed
        month
      }
    }
  }
`;

const USER_CONTRACTS = /* GraphQL */ `
  query ($userId: Int!) {
    userContracts(userId: $userId) {
      id
      contract {
        id
        name
      }
    }
  }
`;

const DOCUMENT = /* GraphQL */ `
  query ($contractId: ID!) {
    contractDocument(contractId: $contractId) {
      contractId
      version
      title
      sections {
        heading
        paragraphs
      }
      text
      textHash
      signedBy
      signerRole
      signedAt
      signedTextHash
    }
  }
`;

async function toSign(caller: TestUser, userId: number) {
  const res = await gql(caller, TO_SIGN, { userId });
  expect(res.json().errors).toBeUndefined();
  return res.json().data.contractToSign as {
    id: string;
    userId: number;
    userName: string;
    parentName: string | null;
  } | null;
}

function sign(caller: TestUser, contractToSignId: string, signerName = "김설탭", agreed = true) {
  return gql(caller, SIGN, { input: { contractToSignId, signerName, agreed } });
}

async function signOk(caller: TestUser, id: string, signerName = "김설탭"): Promise<string> {
  const res = await sign(caller, id, signerName);
  expect(res.json().errors).toBeUndefined();
  return res.json().data.signContract.userContractId;
}

function errorOf(res: LightMyRequestResponse): { classification: string; code?: string } {
  const errors = res.json().errors;
  expect(errors).toHaveLength(1);
  return errors[0].extensions;
}

/** Pays an order on the student's main card; returns the payment (REST shape). */
async function pay(
  payer: TestUser,
  student: TestUser,
  items: { id: number; lecture_multiple: number }[] = [{ id: math.id, lecture_multiple: 3 }],
) {
  const res = await subscribe(t, payer, {
    USER_NO: student.userNo,
    MERCHANT_UID: merchantUid(),
    PAYMENT_METHOD: "BILLING_CARD",
    ITEMS: items,
  });
  expect(res.statusCode).toBe(200);
  const payment = responseOf(res);
  expect(payment.STATE).toBe("PAID");
  return payment as { PAYMENT_ID: number; COMPLETED_AT: string; SUBSCRIPTION: { ID: number } };
}

function contractsOf(userId: number) {
  return t.database.db.select().from(schema.contracts).where(eq(schema.contracts.userId, userId));
}

function signaturesOf(contractId: number) {
  return t.database.db
    .select()
    .from(schema.userContracts)
    .where(eq(schema.userContracts.contractId, contractId));
}

describe("pay → contractToSign → signContract → userContract", () => {
  it("a student signs the contract of a paid order and then sees it as their contract", async () => {
    const student = await studentWithCard(t);
    const payment = await pay(student, student);

    const waiting = await toSign(student, student.userNo);
    expect(waiting).toEqual({
      id: expect.any(String),
      userId: student.userNo,
      userName: "김설탭",
      parentName: null,
    });

    // The full text can be read (and printed) before signing.
    const docRes = await gql(student, DOCUMENT, { contractId: waiting!.id });
    const doc = docRes.json().data.contractDocument;
    expect(doc).toMatchObject({
      contractId: waiting!.id,
      version: CONTRACT_TEXT_VERSION,
      title: "설탭 스마트 수학 3개월 수강 계약",
      signedBy: null,
      signedAt: null,
    });
    expect(doc.sections.map((s: { heading: string }) => s.heading)).toContain("청약 철회와 환불");
    expect(doc.text).toContain("스마트 수학 (과목: 수학): 3개월, 주 2회 · 회당 60분 · 총 24회");
    expect(doc.text).toContain(`1개월분 ${math.salePrice.toLocaleString("en-US")}원이 자동 결제`);
    expect(doc.textHash).toBe(createHash("sha256").update(doc.text).digest("hex"));

    const userContractId = await signOk(student, waiting!.id);
    expect(userContractId).toMatch(/^\d+$/);
    expect(await toSign(student, student.userNo)).toBeNull();

    const mine = await gql(student, USER_CONTRACT, { userId: student.userNo });
    expect(mine.json().data.userContract).toEqual({
      id: userContractId,
      userId: student.userNo,
      userName: "김설탭",
      parentName: null,
      paidAt: new Date(payment.COMPLETED_AT).toISOString(),
      deviceId: null,
      contract: {
        id: waiting!.id,
        name: "설탭 스마트 수학 3개월 수강 계약",
        ownershipType: "OWNED",
        isUsed: false,
        month: 3,
      },
    });

    // What was recorded: signer, role, time, address, browser, text version and hash.
    const [row] = await signaturesOf(Number(waiting!.id));
    expect(row).toMatchObject({
      id: Number(userContractId),
      userId: student.userNo,
      signerUserId: student.userNo,
      signerRole: "STUDENT",
      signerName: "김설탭",
      signedIp: "10.77.1.2",
      userAgent: UA,
      textVersion: CONTRACT_TEXT_VERSION,
      textHash: doc.textHash,
    });
    const [contract] = await contractsOf(student.userNo);
    expect(contract!.signedAt?.getTime()).toBe(row!.signedAt.getTime());

    // The signed document names its signer and keeps the hash signed.
    const signedDoc = (await gql(student, DOCUMENT, { contractId: waiting!.id })).json().data
      .contractDocument;
    expect(signedDoc).toMatchObject({
      signedBy: "김설탭",
      signerRole: "STUDENT",
      signedAt: row!.signedAt.toISOString(),
      signedTextHash: doc.textHash,
      textHash: doc.textHash,
    });

    // Later changes to the account do not change what was signed: the stored text is shown.
    await t.database.db
      .update(schema.users)
      .set({ name: "김개명" })
      .where(eq(schema.users.id, student.userNo));
    const later = (await gql(student, DOCUMENT, { contractId: waiting!.id })).json().data
      .contractDocument;
    expect(later.text).toBe(doc.text);
    expect(later.textHash).toBe(doc.textHash);
  });

  it("a parent signs for their child and sees the parent name", async () => {
    const child = await studentWithCard(t);
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, child);
    await pay(parent, child);

    const waiting = await toSign(parent, child.userNo);
    expect(waiting).toMatchObject({
      userId: child.userNo,
      userName: "김설탭",
      parentName: "박보호",
    });
    const id = await signOk(parent, waiting!.id, "박보호");
    const [row] = await signaturesOf(Number(waiting!.id));
    expect(row).toMatchObject({
      signerUserId: parent.userNo,
      signerRole: "PARENT",
      signerName: "박보호",
    });
    // Both the parent and the child see it.
    for (const reader of [parent, child]) {
      const res = await gql(reader, USER_CONTRACT, { userId: child.userNo });
      expect(res.json().data.userContract).toMatchObject({ id, parentName: "박보호" });
    }
    expect(await toSign(child, child.userNo)).toBeNull();
  });

  it("asks for the oldest unsigned contract first and lists signed ones newest first", async () => {
    const student = await studentWithCard(t);
    await pay(student, student);
    await pay(student, student, [{ id: math.id, lecture_multiple: 12 }]);
    const first = await toSign(student, student.userNo);
    const firstId = await signOk(student, first!.id);
    const second = await toSign(student, student.userNo);
    expect(Number(second!.id)).toBeGreaterThan(Number(first!.id));
    const secondId = await signOk(student, second!.id);

    const latest = (await gql(student, USER_CONTRACT, { userId: student.userNo })).json().data
      .userContract;
    expect(latest).toMatchObject({
      id: secondId,
      contract: { name: "설탭 스마트 수학 12개월 수강 계약", month: 12 },
    });
    const all = (await gql(student, USER_CONTRACTS, { userId: student.userNo })).json().data
      .userContracts;
    expect(all.map((c: { id: string }) => c.id)).toEqual([secondId, firstId]);
  });

  it("nothing to sign and no contract yet: null and an empty list", async () => {
    const student = await newUser(t);
    expect(await toSign(student, student.userNo)).toBeNull();
    const res = await gql(student, USER_CONTRACT, { userId: student.userNo });
    expect(res.json().data.userContract).toBeNull();
    const list = await gql(student, USER_CONTRACTS, { userId: student.userNo });
    expect(list.json().data.userContracts).toEqual([]);
  });
});

describe("the tablet of the contract", () => {
  it.each([
    [
      "a tablet lent at 0 won",
      (d: StoreItem) => d.deviceType === "IPAD" && d.salePrice === 0,
      "RENTED",
    ],
    [
      "a new tablet bought",
      (d: StoreItem) => d.deviceType === "IPAD" && d.salePrice > 0 && d.usedType === "NEW",
      "PAID",
    ],
    [
      "a used tablet bought",
      (d: StoreItem) => d.deviceType === "IPAD" && d.salePrice > 0 && d.usedType === "USED",
      "PAID",
    ],
  ] as const)("%s → %s with the device id and condition", async (_label, pick, ownershipType) => {
    const tablet = device(pick);
    const student = await studentWithCard(t);
    await pay(student, student, [
      { id: math.id, lecture_multiple: 3 },
      { id: tablet.id, lecture_multiple: 1 },
    ]);
    const [contract] = await contractsOf(student.userNo);
    expect(contract).toMatchObject({
      ownershipType,
      isUsed: tablet.usedType === "USED",
      deviceId: tablet.id,
      month: 3,
    });
    const doc = (await gql(student, DOCUMENT, { contractId: String(contract!.id) })).json().data
      .contractDocument;
    expect(doc.text).toContain(tablet.title);
    if (ownershipType === "RENTED") expect(doc.text).toContain("무료로 빌려 드립니다");
    else expect(doc.text).toContain("7일 이내에 반품(청약 철회)");
  });

  it("headphones alone are not the tablet: OWNED, listed as a bought device", async () => {
    const headphones = device((d) => d.deviceType === "AIR_PODS_MAX");
    const student = await studentWithCard(t);
    await pay(student, student, [
      { id: math.id, lecture_multiple: 1 },
      { id: headphones.id, lecture_multiple: 1 },
    ]);
    const [contract] = await contractsOf(student.userNo);
    expect(contract).toMatchObject({ ownershipType: "OWNED", deviceId: null, month: 1 });
    const doc = (await gql(student, DOCUMENT, { contractId: String(contract!.id) })).json().data
      .contractDocument;
    expect(doc.text).toContain(`구매한 기기(${headphones.title})는`);
  });
});

describe("who writes contracts", () => {
  it("a cash payment recorded by staff writes one; staff may sign it", async () => {
    const student = await newUser(t);
    const admin = await newUser(t, "ADMIN");
    const res = await call(
      t,
      "/main/admin/payments/cash",
      {
        USER_NO: student.userNo,
        MERCHANT_UID: merchantUid(),
        ITEMS: [{ id: math.id, lecture_multiple: 6 }],
      },
      { token: admin.token },
    );
    expect(responseOf(res).STATE).toBe("PAID");
    const contracts = await contractsOf(student.userNo);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({
      name: "설탭 스마트 수학 6개월 수강 계약",
      month: 6,
      paymentId: responseOf(res).PAYMENT_ID,
    });
    const doc = (await gql(student, DOCUMENT, { contractId: String(contracts[0]!.id) })).json().data
      .contractDocument;
    expect(doc.text).toContain("(현금)");
    expect(doc.text).toContain("자동으로 연장되거나 결제되지 않습니다");

    const waiting = await toSign(admin, student.userNo);
    expect(waiting!.id).toBe(String(contracts[0]!.id));
    await signOk(admin, waiting!.id, "상담원 대리 서명");
    const [row] = await signaturesOf(contracts[0]!.id);
    expect(row).toMatchObject({ signerRole: "STAFF", signerUserId: admin.userNo });
  });

  it("monthly renewals do not write contracts: one per paid order", async () => {
    const student = await studentWithCard(t);
    const first = await pay(student, student);
    clock.advance(95 * 86_400_000);
    await chargeDueRenewals(t.app.payments.deps);
    const renewals = await t.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.subscriptionId, first.SUBSCRIPTION.ID));
    expect(renewals.map((r) => r.state)).toEqual(["PAID"]);
    const contracts = await contractsOf(student.userNo);
    expect(contracts.map((c) => c.paymentId)).toEqual([first.PAYMENT_ID]);
    // Asked directly, a renewal payment has no contract either.
    expect(await createContractForPayment(t.database.db, renewals[0]!)).toBeNull();
  });

  it("writing the contract of a payment again returns the same one", async () => {
    const student = await studentWithCard(t);
    const payment = await pay(student, student);
    const row = (await findPaymentById(t.database.db, payment.PAYMENT_ID))!;
    const [again, third] = await Promise.all([
      createContractForPayment(t.database.db, row),
      createContractForPayment(t.database.db, row),
    ]);
    const contracts = await contractsOf(student.userNo);
    expect(contracts).toHaveLength(1);
    expect(again!.id).toBe(contracts[0]!.id);
    expect(third!.id).toBe(contracts[0]!.id);
  });

  it("a contract that cannot be written never undoes the payment's transaction", async () => {
    const student = await studentWithCard(t);
    const payment = await pay(student, student);
    const row = (await findPaymentById(t.database.db, payment.PAYMENT_ID))!;
    await t.database.db.delete(schema.contracts).where(eq(schema.contracts.paymentId, row.id));
    await withTransaction(t.database.db, async (tx) => {
      // A user id that does not exist: the contract insert fails on its foreign key.
      expect(await createContractForPayment(tx, { ...row, userId: 2_000_000_000 })).toBeNull();
      await tx
        .update(schema.payments)
        .set({ memo: "still committed" })
        .where(eq(schema.payments.id, row.id));
    });
    const after = await findPaymentById(t.database.db, row.id);
    expect(after!.memo).toBe("still committed");
    expect(await contractsOf(student.userNo)).toHaveLength(0);
  });

  it("a paid order whose contract is missing gets one when the contract to sign is asked for", async () => {
    const student = await studentWithCard(t);
    const payment = await pay(student, student);
    await t.database.db
      .delete(schema.contracts)
      .where(eq(schema.contracts.paymentId, payment.PAYMENT_ID));
    const waiting = await toSign(student, student.userNo);
    expect(waiting).not.toBeNull();
    const [contract] = await contractsOf(student.userNo);
    expect(contract).toMatchObject({ paymentId: payment.PAYMENT_ID, id: Number(waiting!.id) });
  });

  it("an order refunded in full has nothing to sign", async () => {
    const student = await studentWithCard(t);
    const payment = await pay(student, student);
    await t.database.db
      .update(schema.payments)
      .set({ state: "TOTALLY_REFUNDED" })
      .where(eq(schema.payments.id, payment.PAYMENT_ID));
    expect(await toSign(student, student.userNo)).toBeNull();
  });
});

describe("bad input", () => {
  it("a stranger (student or unlinked parent) is FORBIDDEN on every call; nothing changes", async () => {
    const student = await studentWithCard(t);
    await pay(student, student);
    const waiting = await toSign(student, student.userNo);
    const strangers = [await newUser(t), await newUser(t, "PARENT"), await newUser(t, "TEACHER")];
    for (const stranger of strangers) {
      expect(errorOf(await gql(stranger, TO_SIGN, { userId: student.userNo }))).toMatchObject({
        classification: "FORBIDDEN",
        code: "not_your_user",
      });
      expect(errorOf(await sign(stranger, waiting!.id))).toMatchObject({
        classification: "FORBIDDEN",
        code: "not_your_contract",
      });
      for (const query of [USER_CONTRACT, USER_CONTRACTS]) {
        expect(errorOf(await gql(stranger, query, { userId: student.userNo })).classification).toBe(
          "FORBIDDEN",
        );
      }
      expect(
        errorOf(await gql(stranger, DOCUMENT, { contractId: waiting!.id })).classification,
      ).toBe("FORBIDDEN");
    }
    expect(await signaturesOf(Number(waiting!.id))).toHaveLength(0);
    // Still waiting for the student.
    expect(await toSign(student, student.userNo)).toEqual(waiting);
  });

  it("an id that does not exist looks the same as another user's; staff get NOT_FOUND / null", async () => {
    const student = await newUser(t);
    expect(errorOf(await sign(student, "999999999"))).toMatchObject({
      classification: "FORBIDDEN",
      code: "not_your_contract",
    });
    expect(errorOf(await gql(student, DOCUMENT, { contractId: "999999999" })).classification).toBe(
      "FORBIDDEN",
    );
    expect(errorOf(await gql(student, TO_SIGN, { userId: 2_000_000_000 })).classification).toBe(
      "FORBIDDEN",
    );
    const admin = await newUser(t, "ADMIN");
    expect(errorOf(await sign(admin, "999999999"))).toMatchObject({
      classification: "NOT_FOUND",
      code: "contract_not_found",
    });
    const doc = await gql(admin, DOCUMENT, { contractId: "999999999" });
    expect(doc.json().data.contractDocument).toBeNull();
  });

  it("agreed false, an empty, blank or too long name, or a malformed id: BAD_REQUEST, nothing written", async () => {
    const student = await studentWithCard(t);
    await pay(student, student);
    const waiting = await toSign(student, student.userNo);
    const cases: [LightMyRequestResponse, string][] = [
      [await sign(student, waiting!.id, "김설탭", false), "agreement_required"],
      [await sign(student, waiting!.id, ""), "signer_name_required"],
      [await sign(student, waiting!.id, "   "), "signer_name_required"],
      [await sign(student, waiting!.id, "가".repeat(51)), "signer_name_too_long"],
      [await sign(student, waiting!.id, "김\u0000설탭"), "signer_name_invalid"],
      [await sign(student, "abc"), "invalid_contract_id"],
      [await sign(student, "-1"), "invalid_contract_id"],
    ];
    for (const [res, code] of cases) {
      expect(errorOf(res)).toEqual({ classification: "BAD_REQUEST", code });
      expect(res.json().errors[0].message).toMatch(/[가-힣]/);
    }
    expect(await signaturesOf(Number(waiting!.id))).toHaveLength(0);
    // 50 characters is allowed; surrounding spaces are trimmed.
    await signOk(student, waiting!.id, ` ${"가".repeat(50)} `);
    const [row] = await signaturesOf(Number(waiting!.id));
    expect(row!.signerName).toBe("가".repeat(50));
  });

  it("signing twice returns the same userContractId; another signer afterwards is refused", async () => {
    const child = await studentWithCard(t);
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, child);
    await pay(child, child);
    const waiting = await toSign(child, child.userNo);
    const first = await signOk(child, waiting!.id);
    expect(await signOk(child, waiting!.id)).toBe(first);

    const byParent = await sign(parent, waiting!.id, "박보호");
    expect(errorOf(byParent)).toEqual({
      classification: "BAD_REQUEST",
      code: "contract_already_signed",
    });
    const rows = await signaturesOf(Number(waiting!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: Number(first), signerUserId: child.userNo });
  });

  it("concurrent signatures: one user_contracts row; the same signer always gets its id", async () => {
    const child = await studentWithCard(t);
    const parent = await newUser(t, "PARENT");
    await linkParent(t, parent, child);
    await pay(child, child);
    const waiting = await toSign(child, child.userNo);

    const same = await Promise.all(Array.from({ length: 5 }, () => sign(child, waiting!.id)));
    const ids = same.map((r) => r.json().data?.signContract?.userContractId);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^\d+$/);
    expect(await signaturesOf(Number(waiting!.id))).toHaveLength(1);

    // Student and parent at once on another contract: exactly one wins, the other is refused.
    await pay(child, child);
    const next = await toSign(child, child.userNo);
    const [a, b] = await Promise.all([sign(child, next!.id), sign(parent, next!.id, "박보호")]);
    const outcomes = [a, b].map((r) =>
      r.json().errors ? r.json().errors[0].extensions.code : "signed",
    );
    expect(outcomes.sort()).toEqual(["contract_already_signed", "signed"]);
    expect(await signaturesOf(Number(next!.id))).toHaveLength(1);
  });

  it("needs a token", async () => {
    const res = await gql(null, TO_SIGN, { userId: 1 });
    expect(errorOf(res).classification).toBe("UNAUTHORIZED");
    const signRes = await gql(null, SIGN, {
      input: { contractToSignId: "1", signerName: "김설탭", agreed: true },
    });
    expect(errorOf(signRes).classification).toBe("UNAUTHORIZED");
  });
});

describe("issue 11: the contract of this payment, each one to sign, refunds, the order's figures", () => {
  const TO_SIGN_OF_PAYMENT = /* GraphQL */ `
    query ($userId: Int!, $paymentId: ID) {
      contractToSign(input: { userId: $userId, paymentId: $paymentId }) {
        id
        name
        paymentId
        paymentState
      }
    }
  `;
  const ALL_TO_SIGN = /* GraphQL */ `
    query ($userId: Int!) {
      contractsToSign(userId: $userId) {
        id
        userId
        userName
        name
        paidAt
        month
        paymentId
        paymentState
        refundedAmount
        paidPrice
      }
    }
  `;
  const SIGNED_WITH_STATE = /* GraphQL */ `
    query ($userId: Int!) {
      userContracts(userId: $userId) {
        id
        contract {
          id
        }
        paymentId
        paymentState
        refundedAmount
        paidPrice
      }
    }
  `;
  const DOC_STATE = /* GraphQL */ `
    query ($contractId: ID!) {
      contractDocument(contractId: $contractId) {
        version
        text
        signedAt
        paymentId
        paymentState
        refundedAmount
      }
    }
  `;
  const REFUND = /* GraphQL */ `
    mutation ($input: RequestRefundInput!) {
      requestRefund(input: $input) {
        state
        refundedAmount
      }
    }
  `;

  async function contractOfPayment(paymentId: number) {
    const [row] = await t.database.db
      .select()
      .from(schema.contracts)
      .where(eq(schema.contracts.paymentId, paymentId));
    return row!;
  }

  it("with paymentId, contractToSign is that payment's contract, not the oldest unsigned one", async () => {
    const student = await studentWithCard(t);
    const first = await pay(student, student);
    const second = await pay(student, student, [{ id: math.id, lecture_multiple: 6 }]);
    const [c1, c2] = [
      await contractOfPayment(first.PAYMENT_ID),
      await contractOfPayment(second.PAYMENT_ID),
    ];

    const res = await gql(student, TO_SIGN_OF_PAYMENT, {
      userId: student.userNo,
      paymentId: String(second.PAYMENT_ID),
    });
    expect(res.json().errors).toBeUndefined();
    expect(res.json().data.contractToSign).toEqual({
      id: String(c2.id),
      name: "설탭 스마트 수학 6개월 수강 계약",
      paymentId: String(second.PAYMENT_ID),
      paymentState: "PAID",
    });
    // Without paymentId: still the oldest (SPEC.md ContractToSign).
    expect((await toSign(student, student.userNo))!.id).toBe(String(c1.id));

    // Every contract waiting, oldest first, with what it is for.
    const all = (await gql(student, ALL_TO_SIGN, { userId: student.userNo })).json().data
      .contractsToSign;
    expect(all).toEqual([
      expect.objectContaining({
        id: String(c1.id),
        name: "설탭 스마트 수학 3개월 수강 계약",
        month: 3,
        paymentId: String(first.PAYMENT_ID),
        paymentState: "PAID",
        refundedAmount: 0,
        paidAt: new Date(first.COMPLETED_AT).toISOString(),
      }),
      expect.objectContaining({ id: String(c2.id), month: 6, paymentState: "PAID" }),
    ]);

    // Once signed, the payment's contract is no longer to sign; the other one still is.
    await signOk(student, String(c2.id));
    const after = await gql(student, TO_SIGN_OF_PAYMENT, {
      userId: student.userNo,
      paymentId: String(second.PAYMENT_ID),
    });
    expect(after.json().data.contractToSign).toBeNull();
    const left = (await gql(student, ALL_TO_SIGN, { userId: student.userNo })).json().data
      .contractsToSign;
    expect(left.map((c: { id: string }) => c.id)).toEqual([String(c1.id)]);
  });

  it("a payment of someone else, unknown, or malformed: null or BAD_REQUEST, never their contract", async () => {
    const student = await studentWithCard(t);
    const other = await studentWithCard(t);
    const theirs = await pay(other, other);
    for (const paymentId of [String(theirs.PAYMENT_ID), "999999999"]) {
      const res = await gql(student, TO_SIGN_OF_PAYMENT, { userId: student.userNo, paymentId });
      expect(res.json().errors).toBeUndefined();
      expect(res.json().data.contractToSign).toBeNull();
    }
    // Asking for the other student with their payment is refused as before.
    const asOther = await gql(student, TO_SIGN_OF_PAYMENT, {
      userId: other.userNo,
      paymentId: String(theirs.PAYMENT_ID),
    });
    expect(errorOf(asOther)).toMatchObject({ classification: "FORBIDDEN", code: "not_your_user" });
    expect(errorOf(await gql(student, ALL_TO_SIGN, { userId: other.userNo })).classification).toBe(
      "FORBIDDEN",
    );
    const bad = await gql(student, TO_SIGN_OF_PAYMENT, { userId: student.userNo, paymentId: "x1" });
    expect(errorOf(bad)).toEqual({ classification: "BAD_REQUEST", code: "invalid_payment_id" });
  });

  it("a refunded order shows so: signed contracts and the document carry the payment's refund state", async () => {
    const student = await studentWithCard(t);
    const kept = await pay(student, student);
    const refunded = await pay(student, student, [{ id: math.id, lecture_multiple: 6 }]);
    const [keptContract, refundedContract] = [
      await contractOfPayment(kept.PAYMENT_ID),
      await contractOfPayment(refunded.PAYMENT_ID),
    ];
    await signOk(student, String(keptContract.id));
    await signOk(student, String(refundedContract.id));

    const res = await gql(student, REFUND, {
      input: { paymentId: String(refunded.PAYMENT_ID), reason: "단순 변심" },
    });
    expect(res.json().errors).toBeUndefined();
    expect(res.json().data.requestRefund.state).toBe("REFUNDED");
    const row = (await findPaymentById(t.database.db, refunded.PAYMENT_ID))!;
    expect(row.state).toBe("TOTALLY_REFUNDED");

    const list = (await gql(student, SIGNED_WITH_STATE, { userId: student.userNo })).json().data
      .userContracts;
    const byContract = new Map(list.map((c: { contract: { id: string } }) => [c.contract.id, c]));
    expect(byContract.get(String(refundedContract.id))).toMatchObject({
      paymentId: String(refunded.PAYMENT_ID),
      paymentState: "TOTALLY_REFUNDED",
      refundedAmount: row.paidPrice,
      paidPrice: row.paidPrice,
    });
    expect(byContract.get(String(keptContract.id))).toMatchObject({
      paymentState: "PAID",
      refundedAmount: 0,
    });
    const doc = (await gql(student, DOC_STATE, { contractId: String(refundedContract.id) })).json()
      .data.contractDocument;
    expect(doc).toMatchObject({ paymentState: "TOTALLY_REFUNDED", refundedAmount: row.paidPrice });
    expect(doc.signedAt).not.toBeNull();

    // A partly refunded order still to sign lists its state.
    const partly = await pay(student, student);
    await t.database.db
      .update(schema.payments)
      .set({ state: "PARTIALLY_REFUNDED", refundedAmount: 1000 })
      .where(eq(schema.payments.id, partly.PAYMENT_ID));
    const waiting = (await gql(student, ALL_TO_SIGN, { userId: student.userNo })).json().data
      .contractsToSign;
    expect(waiting).toEqual([
      expect.objectContaining({
        paymentId: String(partly.PAYMENT_ID),
        paymentState: "PARTIALLY_REFUNDED",
        refundedAmount: 1000,
      }),
    ]);
  });

  it("the contract's 정가, 할인 and 결제 are the order's lines; a lent tablet is 무료 대여, not 중고", async () => {
    const lent = device((d) => d.deviceType === "IPAD" && d.salePrice === 0);
    const student = await studentWithCard(t);
    const payment = await pay(student, student, [
      { id: math.id, lecture_multiple: 3 },
      { id: lent.id, lecture_multiple: 1 },
    ]);
    const items = await t.database.db
      .select()
      .from(schema.paymentItems)
      .where(eq(schema.paymentItems.paymentId, payment.PAYMENT_ID));
    const won = (n: number) => `${n.toLocaleString("en-US")}원`;
    // What the checkout showed (OrderSummary): 정가 = list price × months, 결제 = paid.
    const list = items.reduce(
      (sum, i) => sum + i.unitBasePrice * (i.itemKind === "LECTURE" ? i.months : i.quantity),
      0,
    );
    const paid = items.reduce((sum, i) => sum + i.paidPrice, 0);
    expect([list, list - paid, paid]).toEqual([657000, 90000, 567000]);

    const contract = await contractOfPayment(payment.PAYMENT_ID);
    const doc = (await gql(student, DOC_STATE, { contractId: String(contract.id) })).json().data
      .contractDocument;
    expect(doc.version).toBe(CONTRACT_TEXT_VERSION);
    expect(doc.text).toContain(
      `정가 ${won(list)}, 할인 ${won(list - paid)} (기본 할인가 ${won(list - paid)}), 결제 금액 ${won(paid)} (카드)`,
    );
    expect(doc.text).toContain(
      `- 스마트 수학 (3개월): 정가 ${won(657000)}, 할인 ${won(90000)}, 결제 ${won(567000)}`,
    );
    expect(doc.text).not.toContain("상품 금액");
    expect(doc.text).toContain(`${lent.title} (1대, 무료 대여): 대여료 0원`);
    expect(doc.text).toContain(`태블릿(${lent.title})을 수강 기간 동안 무료로 빌려 드립니다`);
    // Only the lost-tablet clause names a used tablet (its price as compensation).
    expect(doc.text).not.toContain("중고 제품");
    expect(doc.text.match(/중고/g)).toHaveLength(1);
  });

  it("a contract signed with the first text keeps it; unsigned ones render in the new version", async () => {
    const student = await studentWithCard(t);
    const payment = await pay(student, student);
    const contract = await contractOfPayment(payment.PAYMENT_ID);
    await signOk(student, String(contract.id));
    // As a signature made before 2026-11.2: the stored document is the first version's.
    const old = {
      title: contract.name,
      sections: [
        { heading: "결제와 매월 자동 결제", paragraphs: ["상품 금액 567,000원, 할인 0원"] },
      ],
      text: "설탭 스마트 수학 3개월 수강 계약\n\n계약서 버전 2026-11.1\n\n상품 금액 567,000원, 할인 0원\n",
    };
    await t.database.db
      .update(schema.userContracts)
      .set({
        textVersion: "2026-11.1",
        signedDocument: old,
        textHash: createHash("sha256").update(old.text).digest("hex"),
      })
      .where(eq(schema.userContracts.contractId, contract.id));
    const doc = (await gql(student, DOCUMENT, { contractId: String(contract.id) })).json().data
      .contractDocument;
    expect(doc).toMatchObject({ version: "2026-11.1", text: old.text });
    expect(doc.textHash).toBe(doc.signedTextHash);
  });

  it("an unknown id and another family's contract get the same answer (no probing)", async () => {
    const owner = await studentWithCard(t);
    await pay(owner, owner);
    const [theirs] = await contractsOf(owner.userNo);
    const stranger = await newUser(t, "PARENT");
    const a = await gql(stranger, DOCUMENT, { contractId: String(theirs!.id) });
    const b = await gql(stranger, DOCUMENT, { contractId: "999999999" });
    expect(errorOf(a)).toEqual(errorOf(b));
    expect(a.json().errors[0].message).toBe(b.json().errors[0].message);
    expect(a.json().errors[0].message).toContain("찾을 수 없거나");
  });
});
