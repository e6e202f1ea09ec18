/**
 * The under-14 consent request (issue #11 item 8): the parent gets the consent link by SMS
 * (through the SMS port), the link names the child and the expected phone (masked) to its
 * holder only, a wrong phone is refused when the code is asked for, and a consented account says
 * so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, schema } from "@seoltab/db";
import { TransitionNotAllowedError, seoulDateParts } from "@seoltab/domain";
import {
  call,
  errorCodeOf,
  joinUser,
  outboxReader,
  randomIp,
  responseOf,
  uniquePhone,
  verifiedToken,
  type CodeReader,
} from "../../test/accounts.ts";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { markParentConsented, moveAccountStatus } from "./accounts.repository.ts";
import { sandboxSms, type SmsSender } from "./sms.ts";

let t: TestApp;
let readCode: CodeReader;
const sms = sandboxSms();
beforeAll(async () => {
  t = await buildTestApp({}, {}, { accounts: { sms } });
  readCode = outboxReader(t);
}, 60_000);
afterAll(() => t.close());

function tenYearsAgo(): string {
  const { year, month, day } = seoulDateParts(new Date());
  return `${year - 10}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const info = (ticket: string) =>
  call(t, "/main/join/parent_consent_info", { CONSENT_TICKET: ticket }, { ip: randomIp() });
const sendConsentCode = (phone: string, ticket: string) =>
  call(
    t,
    "/main/verification/send_code",
    { PHONE_NUM: phone, PURPOSE: "PARENT_CONSENT", CONSENT_TICKET: ticket },
    { ip: randomIp() },
  );
const ticketOf = (url: string) => new URL(url).searchParams.get("ticket")!;

describe("the under-14 consent request", () => {
  it("is texted to the parent phone with a link naming the child; the page then says who and which phone", async () => {
    const parentPhone = uniquePhone();
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: tenYearsAgo(),
      PARENT_PHONE_NUM: parentPhone,
      REALNAME: "최보람",
    });
    expect(child.status).toBe("PENDING_PARENT_CONSENT");
    const url = child.consentUrl!;
    expect(url).toMatch(
      new RegExp(
        `^${t.config.publicOrigin}/JoinPage\\?step=parent_consent&child=${child.userNo}&ticket=`,
      ),
    );
    const [message] = sms.outbox(parentPhone);
    expect(message!.text).toContain("최*람 학생이 설탭 가입을 신청했어요");
    expect(message!.text).toContain(url);
    expect(message!.text).not.toContain("최보람");

    const res = await info(ticketOf(url));
    expect(res.statusCode).toBe(200);
    expect(responseOf(res)).toEqual({
      CHILD_USER_NO: child.userNo,
      CHILD_NAME: "최*람",
      PARENT_PHONE: `010-****-${parentPhone.slice(-4)}`,
      STATUS: "PENDING",
    });
  });

  it("a code for another phone is refused when asked for; the right phone gets it; after consent the page says so", async () => {
    const parentPhone = uniquePhone();
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: tenYearsAgo(),
      PARENT_PHONE_NUM: parentPhone,
    });
    const ticket = ticketOf(child.consentUrl!);
    const stranger = uniquePhone();
    const wrong = await sendConsentCode(stranger, ticket);
    expect(wrong.statusCode).toBe(400);
    expect(errorCodeOf(wrong)).toBe("parent_phone_mismatch");
    expect(wrong.json().ONUEI_RES.STATUS.STATUSMSG).toContain(`010-****-${parentPhone.slice(-4)}`);
    expect(sms.outbox(stranger)).toEqual([]);

    const sent = await sendConsentCode(parentPhone, ticket);
    expect(sent.statusCode).toBe(200);
    const token = responseOf(
      await call(t, "/main/verification/verify_code", {
        VERIFICATION_ID: responseOf(sent).VERIFICATION_ID,
        CODE: await readCode(parentPhone),
      }),
    ).VERIFICATION_TOKEN;
    const consent = await call(t, "/main/join/parent_consent", {
      CHILD_USER_NO: child.userNo,
      PARENT_NAME: "최민정",
      VERIFICATION_TOKEN: token,
      AGREED: true,
    });
    expect(consent.statusCode).toBe(200);

    expect(responseOf(await info(ticket)).STATUS).toBe("CONSENTED");
    const again = await sendConsentCode(parentPhone, ticket);
    expect(again.statusCode).toBe(409);
    expect(errorCodeOf(again)).toBe("consent_not_pending");
  });

  it("a forged, altered or foreign ticket is refused; an access token is not a ticket", async () => {
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: tenYearsAgo(),
      PARENT_PHONE_NUM: uniquePhone(),
    });
    const ticket = ticketOf(child.consentUrl!);
    const [header, payload, signature] = ticket.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url")}.${signature}`;
    expect(errorCodeOf(await info(altered))).toBe("consent_link_invalid");
    const adult = await joinUser(t, readCode);
    const login = await call(t, "/main/login", { EMAIL_ID: adult.email, PASSWORD: adult.password });
    expect(errorCodeOf(await info(responseOf(login).token))).toBe("consent_link_invalid");
    expect((await info("not-a-ticket")).statusCode).toBe(400);
    // A ticket only goes with PARENT_CONSENT codes.
    const join = await call(
      t,
      "/main/verification/send_code",
      { PHONE_NUM: uniquePhone(), PURPOSE: "JOIN", CONSENT_TICKET: ticket },
      { ip: randomIp() },
    );
    expect(join.statusCode).toBe(400);
  });

  it("the pending child's sign-in sends the request again (3 an hour at most) and says so", async () => {
    const parentPhone = uniquePhone();
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: tenYearsAgo(),
      PARENT_PHONE_NUM: parentPhone,
    });
    const login = (password: string) =>
      call(t, "/main/login", { EMAIL_ID: child.email, PASSWORD: password }, { ip: randomIp() });
    const before = sms.outbox(parentPhone).length;
    // A wrong password sends nothing.
    expect((await login("Wrong#pass123")).statusCode).toBe(401);
    expect(sms.outbox(parentPhone)).toHaveLength(before);
    for (let i = 1; i <= 3; i++) {
      const res = await login(child.password);
      expect(res.statusCode).toBe(403);
      expect(errorCodeOf(res)).toBe("parent_consent_required");
      expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toContain(
        `보호자 휴대폰(010-****-${parentPhone.slice(-4)})으로 동의 요청 문자를 다시 보냈어요`,
      );
      expect(sms.outbox(parentPhone)).toHaveLength(before + i);
    }
    // The newest link works.
    const url = /(http:\/\/\S+)/.exec(sms.outbox(parentPhone)[0]!.text)![1]!;
    expect(responseOf(await info(ticketOf(url))).STATUS).toBe("PENDING");
    const fourth = await login(child.password);
    expect(errorCodeOf(fourth)).toBe("parent_consent_required");
    expect(fourth.json().ONUEI_RES.STATUS.STATUSMSG).not.toContain("다시 보냈어요");
    expect(sms.outbox(parentPhone)).toHaveLength(before + 3);
  });

  it("a failing SMS provider does not undo the join: the answer says the request was not sent", async () => {
    const failing: SmsSender = {
      async send(to, text) {
        if (text.includes("보호자 동의가 필요해요")) throw new Error("provider down");
        await sms.send(to, text);
      },
    };
    const t2 = await buildTestApp({}, {}, { accounts: { sms: failing } });
    try {
      const phone = uniquePhone();
      const token = await verifiedToken(
        t2,
        async (p) => /\[(\d{6})\]/.exec(sms.outbox(p)[0]!.text)![1]!,
        phone,
        "JOIN",
      );
      const res = await call(t2, "/main/join", {
        USER_TYPE: "STUDENT",
        EMAIL_ID: `kid-${phone}@example.com`,
        PASSWORD: "Seoltab!2026",
        REALNAME: "김하나",
        BIRTH_DATE: tenYearsAgo(),
        VERIFICATION_TOKEN: token,
        PARENT_PHONE_NUM: uniquePhone(),
        AGREED_TERMS: {
          SEOLTAB: ["service", "privacy", "age14"],
          ONUEI: ["service", "privacy_share"],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(responseOf(res)).toMatchObject({
        STATUS: "PENDING_PARENT_CONSENT",
        CONSENT_SMS_SENT: false,
        CONSENT_URL: expect.stringContaining("ticket="),
      });
    } finally {
      await t2.close();
    }
  });
});

describe("account status writers ask ACCOUNT_STATUS_TRANSITIONS (issue #10)", () => {
  it("ACTIVE → PENDING_PARENT_CONSENT is refused and writes nothing; of two consents one activates", async () => {
    const child = await joinUser(t, readCode, {
      BIRTH_DATE: tenYearsAgo(),
      PARENT_PHONE_NUM: uniquePhone(),
    });
    const db = t.database.db;
    const read = async () =>
      (await db.select().from(schema.users).where(eq(schema.users.id, child.userNo)))[0]!;
    expect((await read()).status).toBe("PENDING_PARENT_CONSENT");
    const at = new Date();
    const results = await Promise.all([
      markParentConsented(db, child.userNo, "최민정", at),
      markParentConsented(db, child.userNo, "김보호", at),
    ]);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    const active = await read();
    expect(active.status).toBe("ACTIVE");
    await expect(
      moveAccountStatus(
        db,
        child.userNo,
        { from: "ACTIVE", to: "PENDING_PARENT_CONSENT" },
        { updatedAt: new Date() },
      ),
    ).rejects.toBeInstanceOf(TransitionNotAllowedError);
    expect(await read()).toEqual(active);
  });
});
