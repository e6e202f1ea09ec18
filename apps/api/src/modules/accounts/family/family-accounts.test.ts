/**
 * Student accounts a parent manages (issue 15): CreateStudentAccount (with and without email,
 * under 14 only with the parent's verified consent in the same step), ViewStudentAccount (lectures,
 * next lesson, card, what blocks unlinking; the parent pays for the child), UpdateStudentAccount
 * (profile, password, unlink, linking an existing student by the student's confirmation), the
 * parent who joins later, and the bad input of the issue: a clear Korean error, nothing changed,
 * a SECURITY audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { TransitionNotAllowedError, seoulDateParts } from "@seoltab/domain";
import {
  GOOD_PASSWORD,
  call,
  errorCodeOf,
  joinUser,
  outboxReader,
  randomIp,
  responseOf,
  signIn,
  uniqueEmail,
  verifiedToken,
  type CodeReader,
} from "../../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/test-app.ts";
import * as familyRepo from "./family.repository.ts";
import {
  linkParent,
  merchantUid,
  newUser,
  smartMath,
  subscribe,
  type TestUser,
} from "../../payments/payments.test-support.ts";

let t: TestApp;
let readCode: CodeReader;
let parent: TestUser;
let parentPhone: string;

beforeAll(async () => {
  t = await buildTestApp();
  readCode = outboxReader(t);
  parent = await newUser(t, "PARENT");
  parentPhone = (await userRow(parent.userNo)).phone!;
}, 60_000);
afterAll(() => t.close());

async function userRow(id: number) {
  const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

function yearsAgo(years: number): string {
  const { year, month, day } = seoulDateParts(new Date());
  return `${year - years}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const as = (user: { token: string }, url: string, body: unknown) =>
  call(t, `/main${url}`, body, { token: user.token, ip: randomIp() });

async function securityEntries(action: string, actor: number) {
  const a = schema.auditLogs;
  return t.database.db
    .select()
    .from(a)
    .where(and(eq(a.action, action), eq(a.actorUserId, actor), eq(a.kind, "SECURITY")));
}

async function childrenOf(parentUserNo: number) {
  const pc = schema.parentChildren;
  const rows = await t.database.db.select().from(pc).where(eq(pc.parentUserId, parentUserNo));
  return rows.map((r) => r.childUserId).sort((a, b) => a - b);
}

const child = (extra: Record<string, unknown> = {}) => ({
  REALNAME: "김하늘",
  SCHOOL_LEVEL: "MIDDLE",
  GRADE: "MIDDLE_3",
  GENDER: "WOMAN",
  BIRTH_DATE: yearsAgo(15),
  ...extra,
});

describe("/main/family/create_student", () => {
  it("creates a child with email and password who signs in alone; the parent's CHILDREN list has them", async () => {
    const email = uniqueEmail("child");
    const res = await as(
      parent,
      "/family/create_student",
      child({ EMAIL_ID: email, PASSWORD: GOOD_PASSWORD }),
    );
    expect(res.statusCode).toBe(200);
    const body = responseOf(res);
    expect(body).toMatchObject({ STATUS: "ACTIVE", SIGN_IN: "EMAIL" });
    expect(body.CHILDREN).toContainEqual({ USER_NO: body.USER_NO, USER_NAME: "김하늘" });
    const row = await userRow(body.USER_NO);
    expect(row).toMatchObject({
      userType: "STUDENT",
      grade: "MIDDLE_3",
      gender: "WOMAN",
      parentPhone,
    });
    expect(row.passwordHash).not.toContain(GOOD_PASSWORD);
    await signIn(t, email, GOOD_PASSWORD, randomIp());
  });

  it("creates a child without email: the parent signs in for them (acts for the child)", async () => {
    const res = await as(parent, "/family/create_student", child({ REALNAME: "김바다" }));
    expect(res.statusCode).toBe(200);
    const { USER_NO, SIGN_IN } = responseOf(res);
    expect(SIGN_IN).toBe("PARENT");
    const info = await as(parent, "/getUserInfo", { USER_NO });
    expect(info.statusCode).toBe(200);
    expect(responseOf(info).USER_NAME).toBe("김바다");
  });

  it("under 14: refused without consent, and with a code of another phone; nothing is created; each refusal audited", async () => {
    const before = await childrenOf(parent.userNo);
    const young = child({ REALNAME: "이어린", BIRTH_DATE: yearsAgo(10), GRADE: "MIDDLE_1" });
    const none = await as(parent, "/family/create_student", young);
    expect(none.statusCode).toBe(400);
    expect(errorCodeOf(none)).toBe("consent_required");
    expect(none.json().ONUEI_RES.STATUS.STATUSMSG).toContain("보호자 휴대폰 인증");

    const otherPhone = `0108${String(Date.now()).slice(-7)}`;
    const wrong = await verifiedToken(t, readCode, otherPhone, "PARENT_CONSENT");
    const mismatch = await as(parent, "/family/create_student", {
      ...young,
      CONSENT_VERIFICATION_TOKEN: wrong,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(errorCodeOf(mismatch)).toBe("consent_phone_mismatch");
    expect(await childrenOf(parent.userNo)).toEqual(before);
    const refusals = await securityEntries("family_create_student_refused", parent.userNo);
    expect(refusals.map((r) => r.detail.reason)).toEqual(
      expect.arrayContaining(["consent_required", "consent_phone_mismatch"]),
    );
    // The entry's shape (written through recordSecurityEvent): reason and ip, no role.
    for (const r of refusals) {
      expect(r).toMatchObject({ initiator: "USER", target: null });
      expect(Object.keys(r.detail).sort()).toEqual(["ip", "reason"]);
    }
  });

  it("under 14 with the parent's own phone verified: created ACTIVE with the consent on record", async () => {
    const token = await verifiedToken(t, readCode, parentPhone, "PARENT_CONSENT");
    const res = await as(parent, "/family/create_student", {
      ...child({ REALNAME: "이어린", BIRTH_DATE: yearsAgo(10), GRADE: "MIDDLE_1" }),
      CONSENT_VERIFICATION_TOKEN: token,
    });
    expect(res.statusCode).toBe(200);
    const row = await userRow(responseOf(res).USER_NO);
    expect(row.status).toBe("ACTIVE");
    expect(row.parentConsentedAt).toBeInstanceOf(Date);
    expect(row.parentConsentName).toBe("박보호");
    const created = (await securityEntries("family_create_student", parent.userNo)).find(
      (e) => e.target === `user:${row.id}`,
    );
    expect(created).toMatchObject({ initiator: "USER" });
    expect(created!.detail).toEqual({
      underFourteen: true,
      parentConsent: true,
      signIn: "PARENT",
      ip: expect.any(String),
    });
    // The token is spent: a second child needs a new verification.
    const again = await as(parent, "/family/create_student", {
      ...child({ REALNAME: "이둘째", BIRTH_DATE: yearsAgo(9), GRADE: "MIDDLE_1" }),
      CONSENT_VERIFICATION_TOKEN: token,
    });
    expect(errorCodeOf(again)).toBe("verification_invalid");
  });

  it("refuses bad input: student callers, grade of another level, email without password, unknown fields", async () => {
    const student = await newUser(t, "STUDENT");
    const byStudent = await as(student, "/family/create_student", child());
    expect(byStudent.statusCode).toBe(400);
    expect(errorCodeOf(byStudent)).toBe("parent_only");
    expect(await securityEntries("family_create_student_refused", student.userNo)).toHaveLength(1);

    const level = await as(parent, "/family/create_student", child({ SCHOOL_LEVEL: "HIGH" }));
    expect(errorCodeOf(level)).toBe("grade_level_mismatch");
    const half = await as(parent, "/family/create_student", child({ EMAIL_ID: uniqueEmail() }));
    expect(errorCodeOf(half)).toBe("email_password_together");
    const extra = await as(parent, "/family/create_student", child({ USER_TYPE: "ADMIN" }));
    expect(errorCodeOf(extra)).toBe("validation_failed");
    const guest = await call(t, "/main/family/create_student", child());
    expect(guest.statusCode).toBe(401);
  });
});

describe("/main/family/students and the parent paying for a child", () => {
  it("lists each child with lectures, next lesson, card and unlink blockers; a payment the parent made shows", async () => {
    const p = await newUser(t, "PARENT");
    const created = responseOf(
      await as(
        p,
        "/family/create_student",
        child({ REALNAME: "정결제", EMAIL_ID: uniqueEmail(), PASSWORD: GOOD_PASSWORD }),
      ),
    );
    const math = await smartMath(t);
    // The parent pays for the child (virtual account: READY until the deposit → NOPAY).
    const paid = await subscribe(t, p, {
      USER_NO: created.USER_NO,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "VBANK",
      ITEMS: [{ id: math.id, lecture_multiple: 1 }],
    });
    expect(paid.statusCode).toBe(200);
    const res = await as(p, "/family/students", {});
    expect(res.statusCode).toBe(200);
    const [view] = responseOf(res).CHILDREN;
    expect(view).toMatchObject({
      USER_NO: created.USER_NO,
      USER_NAME: "정결제",
      SCHOOL_LEVEL: "MIDDLE",
      SIGN_IN: "EMAIL",
      CARD_INFO: null,
      NEXT_LESSON_AT: null,
    });
    expect(view.LECTURE_INFO).toHaveLength(1);
    expect(view.LECTURE_INFO[0].STATE).toBe("NOPAY");
    expect(view.UNLINK_BLOCKERS).toEqual(["PAYMENT_OWED", "LECTURE_ACTIVE"]);

    // Unlinking is refused while something is owed; nothing changes; audited.
    const unlink = await as(p, "/family/unlink_student", { CHILD_USER_NO: created.USER_NO });
    expect(unlink.statusCode).toBe(409);
    expect(errorCodeOf(unlink)).toBe("unlink_blocked");
    expect(unlink.json().ONUEI_RES.STATUS.STATUSMSG).toContain("결제되지 않은 금액");
    expect(await childrenOf(p.userNo)).toEqual([created.USER_NO]);
    expect(await securityEntries("family_unlink_student_refused", p.userNo)).toHaveLength(1);
  });
});

describe("/main/family/update_student, reset_student_password, unlink_student", () => {
  it("updates the own child's profile; another parent's child is 404 (not 403), unchanged and audited", async () => {
    const mine = responseOf(
      await as(parent, "/family/create_student", child({ REALNAME: "한별" })),
    );
    const res = await as(parent, "/family/update_student", {
      CHILD_USER_NO: mine.USER_NO,
      REALNAME: "한별님",
      SCHOOL_LEVEL: "HIGH",
      GRADE: "HIGH_1",
    });
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toMatchObject({ USER_NAME: "한별님", GRADE: "HIGH_1" });

    const stranger = await newUser(t, "PARENT");
    const other = await as(stranger, "/family/update_student", {
      CHILD_USER_NO: mine.USER_NO,
      REALNAME: "탈취",
    });
    expect(other.statusCode).toBe(404);
    expect(errorCodeOf(other)).toBe("child_not_found");
    expect((await userRow(mine.USER_NO)).name).toBe("한별님");
    expect(await securityEntries("family_update_student_refused", stranger.userNo)).toHaveLength(1);
    const reset = await as(stranger, "/family/reset_student_password", {
      CHILD_USER_NO: mine.USER_NO,
      NEW_PASSWORD: GOOD_PASSWORD,
    });
    expect(reset.statusCode).toBe(404);
    const grade = await as(parent, "/family/update_student", {
      CHILD_USER_NO: mine.USER_NO,
      GRADE: "MIDDLE_1",
    });
    expect(errorCodeOf(grade)).toBe("grade_level_mismatch");
  });

  it("resets a child's password (old sessions end) and gives a parent-managed child an email; then unlinks", async () => {
    const p = await newUser(t, "PARENT");
    const created = responseOf(await as(p, "/family/create_student", child({ REALNAME: "오늘" })));
    // A parent-managed child cannot be unlinked before they can sign in alone.
    const early = await as(p, "/family/unlink_student", { CHILD_USER_NO: created.USER_NO });
    expect(errorCodeOf(early)).toBe("unlink_needs_sign_in");
    const weak = await as(p, "/family/reset_student_password", {
      CHILD_USER_NO: created.USER_NO,
      NEW_PASSWORD: "short",
    });
    expect(errorCodeOf(weak)).toBe("validation_failed");
    const email = uniqueEmail("kid");
    const res = await as(p, "/family/reset_student_password", {
      CHILD_USER_NO: created.USER_NO,
      NEW_PASSWORD: "Kid!pass2026",
      EMAIL_ID: email,
    });
    expect(res.statusCode).toBe(200);
    expect(responseOf(res).EMAIL_ID).toBe(email);
    const kid = await signIn(t, email, "Kid!pass2026", randomIp());
    expect(kid.token).toBeTruthy();
    const again = await as(p, "/family/reset_student_password", {
      CHILD_USER_NO: created.USER_NO,
      NEW_PASSWORD: "Kid!pass2027",
      EMAIL_ID: uniqueEmail(),
    });
    expect(errorCodeOf(again)).toBe("email_only_for_parent_managed");
    const unlinked = await as(p, "/family/unlink_student", { CHILD_USER_NO: created.USER_NO });
    expect(unlinked.statusCode).toBe(200);
    expect(responseOf(unlinked).CHILDREN).toEqual([]);
    // The child's account stays.
    expect((await userRow(created.USER_NO)).status).toBe("ACTIVE");
  });
});

describe("linking an existing student by the student's confirmation", () => {
  it("sends a code to the student's phone; a wrong code is refused and audited; the right one links once even when sent twice at once", async () => {
    const student = await joinUser(t, readCode, { BIRTH_DATE: yearsAgo(16) });
    const p = await newUser(t, "PARENT");
    const res = await as(p, "/family/link_request", { STUDENT_EMAIL: student.email });
    expect(res.statusCode).toBe(200);
    const { REQUEST_ID, SENT_TO } = responseOf(res);
    expect(SENT_TO).toBe(`010-****-${student.phone.slice(-4)}`);
    const code = await readCode(student.phone);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await as(p, "/family/link_confirm", { REQUEST_ID, CODE: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(errorCodeOf(wrong)).toBe("code_mismatch");
    expect(await childrenOf(p.userNo)).toEqual([]);
    expect(await securityEntries("family_link_confirm_refused", p.userNo)).toHaveLength(1);

    const [a, b] = await Promise.all([
      as(p, "/family/link_confirm", { REQUEST_ID, CODE: code }),
      as(p, "/family/link_confirm", { REQUEST_ID, CODE: code }),
    ]);
    // One links; the other finds the code spent (400) or the request decided (404).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([400, 404]).toContain(codes[1]);
    expect(await childrenOf(p.userNo)).toEqual([student.userNo]);
    const twice = await as(p, "/family/link_request", { STUDENT_EMAIL: student.email });
    expect(errorCodeOf(twice)).toBe("already_linked_child");
  });

  it("another parent's request for a request id is 404; an unknown email is a clear 404", async () => {
    const student = await joinUser(t, readCode, { BIRTH_DATE: yearsAgo(16) });
    const p = await newUser(t, "PARENT");
    const { REQUEST_ID } = responseOf(
      await as(p, "/family/link_request", { STUDENT_EMAIL: student.email }),
    );
    const code = await readCode(student.phone);
    const stranger = await newUser(t, "PARENT");
    const stolen = await as(stranger, "/family/link_confirm", { REQUEST_ID, CODE: code });
    expect(stolen.statusCode).toBe(404);
    expect(await childrenOf(stranger.userNo)).toEqual([]);
    const unknown = await as(p, "/family/link_request", { STUDENT_EMAIL: uniqueEmail("nobody") });
    expect(unknown.statusCode).toBe(404);
    expect(errorCodeOf(unknown)).toBe("student_not_found");
  });

  it("a student who joined alone is linked to the parent who joins later with that phone only after accepting", async () => {
    const phone = `0107${String(Date.now()).slice(-7)}`;
    const student = await joinUser(t, readCode, {
      BIRTH_DATE: yearsAgo(16),
      PARENT_PHONE_NUM: phone,
    });
    const later = await joinUser(t, readCode, {
      USER_TYPE: "PARENT",
      BIRTH_DATE: "1980-01-01",
      phone,
    });
    expect(await childrenOf(later.userNo)).toEqual([]);
    const kid = await signIn(t, student.email, student.password, randomIp());
    const list = await as(kid, "/family/link_requests", {});
    const [request] = responseOf(list).REQUESTS;
    expect(request).toMatchObject({ PARENT_USER_NO: later.userNo });
    const accepted = await as(kid, "/family/respond_link", {
      REQUEST_ID: request.REQUEST_ID,
      ACCEPT: true,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await childrenOf(later.userNo)).toEqual([student.userNo]);
    const again = await as(kid, "/family/respond_link", {
      REQUEST_ID: request.REQUEST_ID,
      ACCEPT: true,
    });
    expect(again.statusCode).toBe(404);
  });

  it("a student already managed by one parent is not linked to an unrelated parent without confirming", async () => {
    const student = await newUser(t, "STUDENT");
    const first = await newUser(t, "PARENT");
    await linkParent(t, first, student);
    const stranger = await newUser(t, "PARENT");
    // No link call without the student's code: the only way in is the confirmation.
    const res = await as(stranger, "/family/update_student", {
      CHILD_USER_NO: student.userNo,
      REALNAME: "남의자녀",
    });
    expect(res.statusCode).toBe(404);
    expect(await childrenOf(stranger.userNo)).toEqual([]);
  });
});

describe("decideLinkRequest asks LINK_REQUEST_TRANSITIONS (issue #10)", () => {
  it("an illegal move is refused and an answered request is not written again", async () => {
    const db = t.database.db;
    const mom = await newUser(t, "PARENT");
    const kid = await newUser(t, "STUDENT");
    const at = new Date();
    const request = await familyRepo.insertLinkRequest(db, {
      parentUserId: mom.userNo,
      childUserId: kid.userNo,
      origin: "PARENT_REQUEST",
      verificationId: null,
      at,
    });
    await expect(
      familyRepo.decideLinkRequest(db, request.id, "PENDING" as "DECLINED", at),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect((await familyRepo.decideLinkRequest(db, request.id, "DECLINED", at))?.status).toBe(
      "DECLINED",
    );
    expect(await familyRepo.decideLinkRequest(db, request.id, "CONFIRMED", at)).toBeUndefined();
    const [after] = await db
      .select()
      .from(schema.familyLinkRequests)
      .where(eq(schema.familyLinkRequests.id, request.id));
    expect(after!.status).toBe("DECLINED");
  });
});
