/**
 * The SOLAPI adapter against a local fake of SOLAPI's HTTP API (a node:http server on
 * 127.0.0.1, a free port) that checks the SDK's HMAC-SHA256 signature, records each request and
 * answers as SOLAPI does (`POST /messages/v4/send-many/detail` → `{failedMessageList, groupInfo,
 * messageList}`; errors `{errorCode, errorMessage}` with a 4xx/5xx status). Also: the time-out,
 * retryable vs not, and that no error carries the message text or the API secret.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MessageProviderError, type OutgoingMessage } from "./messaging.ts";
import { solapiMessageSender, type SolapiSettings } from "./messaging-solapi.ts";

const API_KEY = "NCSTESTAPIKEY0001";
const API_SECRET = "TESTSECRETtestsecret0123456789ABCDEF";
const TEXT =
  "[설탭] 김민지 학생의 수업이 내일 19:00에 있습니다. 인증번호 482913 은 누구에게도 알려주지 마세요.";

interface Recorded {
  method: string;
  path: string;
  authorization: string;
  /** Whether the Authorization header's signature matched HMAC-SHA256(secret, date + salt). */
  signatureOk: boolean;
  auth: Record<string, string>;
  body: Record<string, unknown>;
}

type Answer = { status: number; body: unknown } | "hang";

interface FakeSolapi {
  baseUrl: string;
  requests: Recorded[];
  /** How the next requests are answered (default: accepted). */
  answer: (req: Recorded) => Answer;
  close(): Promise<void>;
}

function parseAuthorization(header: string): Record<string, string> {
  const match = /^HMAC-SHA256 (.+)$/.exec(header);
  if (!match?.[1]) return {};
  return Object.fromEntries(
    match[1].split(", ").map((part) => {
      const i = part.indexOf("=");
      return [part.slice(0, i), part.slice(i + 1)];
    }),
  );
}

/** SOLAPI's answer to an accepted send-many/detail with showMessageList. */
function accepted(body: Record<string, unknown>) {
  const messages = (body.messages as Record<string, unknown>[]) ?? [];
  const n = messages.length;
  const now = new Date().toISOString();
  return {
    failedMessageList: [],
    groupInfo: {
      count: {
        total: n,
        sentTotal: 0,
        sentFailed: 0,
        sentSuccess: 0,
        sentPending: 0,
        sentReplacement: 0,
        refund: 0,
        registeredFailed: 0,
        registeredSuccess: n,
      },
      status: "SENDING",
      allowDuplicates: false,
      isRefunded: false,
      accountId: "25010100000000",
      masterAccountId: null,
      apiVersion: "4",
      groupId: "G4V20261124000000FAKEGROUP01",
      price: {},
      dateCreated: now,
      dateUpdated: now,
      scheduledDate: null,
      dateSent: now,
      dateCompleted: null,
    },
    messageList: messages.map((m, i) => ({
      messageId: `M4V20261124000000FAKEMSG${String(i).padStart(4, "0")}`,
      statusCode: "2000",
      statusMessage: "정상 접수(이통사로 접수 예정) ",
      customFields: m.customFields,
    })),
  };
}

const fakes: FakeSolapi[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function startFakeSolapi(): Promise<FakeSolapi> {
  const fake: FakeSolapi = {
    baseUrl: "",
    requests: [],
    answer: (req) => ({ status: 200, body: accepted(req.body) }),
    close: async () => undefined,
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const authorization = req.headers.authorization ?? "";
      const auth = parseAuthorization(authorization);
      const expected = createHmac("sha256", API_SECRET)
        .update(`${auth.date ?? ""}${auth.salt ?? ""}`)
        .digest("hex");
      const raw = Buffer.concat(chunks).toString("utf8");
      const recorded: Recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        authorization,
        signatureOk: auth.apiKey === API_KEY && auth.signature === expected,
        auth,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      };
      fake.requests.push(recorded);
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(body));
      };
      if (!recorded.signatureOk) {
        reply(403, {
          errorCode: "SignatureDoesNotMatch",
          errorMessage: "서명이 일치하지 않습니다.",
        });
        return;
      }
      if (req.method !== "POST" || req.url !== "/messages/v4/send-many/detail") {
        reply(404, { errorCode: "NotFound", errorMessage: "Not Found" });
        return;
      }
      const answer = fake.answer(recorded);
      if (answer === "hang") return; // never answered: the client must give up
      reply(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  fakes.push(fake);
  return fake;
}

async function setup(settings: Partial<SolapiSettings> = {}) {
  const fake = await startFakeSolapi();
  const sender = solapiMessageSender({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    sender: "0212345678",
    pfId: "KA01PF2026112400000000000000AB",
    baseUrl: `${fake.baseUrl}/`,
    timeoutMs: 1500,
    ...settings,
  });
  return { fake, sender };
}

const alimtalk: OutgoingMessage = {
  to: "01012345678",
  channel: "ALIMTALK",
  text: TEXT,
  templateCode: "lesson-reminder-v1",
  buttons: [{ name: "수업 보기", url: "https://seoltab.example/lectures/42" }],
  idempotencyKey: "lesson-reminder:42:2026-11-25T10:00:00Z",
};
const sms: OutgoingMessage = {
  to: "01098765432",
  channel: "SMS",
  text: "[설탭] 인증번호 482913",
  idempotencyKey: "verification:abc",
};

/** The MessageProviderError `promise` rejects with, checked to carry neither text nor secret. */
async function providerError(
  promise: Promise<unknown>,
  text: string = TEXT,
): Promise<MessageProviderError> {
  const err = await promise.then(
    () => {
      throw new Error("expected the send to fail");
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MessageProviderError);
  const error = err as MessageProviderError;
  for (const shown of [error.message, String(error), error.stack ?? "", JSON.stringify(error)]) {
    expect(shown).not.toContain(API_SECRET);
    expect(shown).not.toContain(text);
    expect(shown).not.toContain("482913");
  }
  return error;
}

describe("solapiMessageSender", () => {
  it("sends a 알림톡 with template, web-link buttons and SMS/LMS fallback, signed with HMAC-SHA256", async () => {
    const { fake, sender } = await setup();
    expect(sender.name).toBe("solapi");
    const result = await sender.send(alimtalk);

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/messages/v4/send-many/detail");
    // Authorization: HMAC-SHA256 apiKey=…, date=<ISO 8601>, salt=<32 chars>, signature=<hex>
    expect(req.signatureOk).toBe(true);
    expect(req.auth.apiKey).toBe(API_KEY);
    expect(req.auth.salt).toMatch(/^[0-9a-zA-Z]{32}$/);
    expect(req.auth.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(req.auth.date!) - Date.now())).toBeLessThan(60_000);
    expect(req.authorization).not.toContain(API_SECRET);

    const messages = req.body.messages as Record<string, unknown>[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      to: "01012345678",
      from: "0212345678",
      type: "ATA",
      text: TEXT,
      customFields: { outboxKey: "lesson-reminder:42:2026-11-25T10:00:00Z" },
      kakaoOptions: {
        pfId: "KA01PF2026112400000000000000AB",
        templateId: "lesson-reminder-v1",
        disableSms: false,
        buttons: [
          {
            buttonName: "수업 보기",
            buttonType: "WL",
            linkMo: "https://seoltab.example/lectures/42",
            linkPc: "https://seoltab.example/lectures/42",
          },
        ],
      },
    });
    expect(req.body.showMessageList).toBe(true);

    expect(result.providerMessageId).toBe("M4V20261124000000FAKEMSG0000");
    expect(result.detail).toContain("2000");
    expect(result.detail).toContain("G4V20261124000000FAKEGROUP01");
    expect(result.detail).not.toContain("482913");
  });

  it("sends an SMS and an LMS as plain text from the sender number", async () => {
    const { fake, sender } = await setup();
    await sender.send(sms);
    await sender.send({ ...sms, channel: "LMS", text: TEXT, idempotencyKey: "k2" });
    const [first, second] = fake.requests.map(
      (r) => (r.body.messages as Record<string, unknown>[])[0]!,
    );
    expect(fake.requests.every((r) => r.signatureOk)).toBe(true);
    expect(first).toMatchObject({
      to: "01098765432",
      from: "0212345678",
      type: "SMS",
      text: "[설탭] 인증번호 482913",
    });
    expect(first).not.toHaveProperty("kakaoOptions");
    expect(second).toMatchObject({ type: "LMS", text: TEXT });
  });

  it("points only the SDK's own services at the base URL, leaving Function.prototype.bind as it was", async () => {
    const bind = Function.prototype.bind;
    const { fake, sender } = await setup();
    expect(Function.prototype.bind).toBe(bind);
    await sender.send(sms);
    // The request reached the fake, so the SDK no longer goes to https://api.solapi.com.
    expect(fake.requests).toHaveLength(1);
  });

  it("a 500 answer is a retryable error", async () => {
    const { fake, sender } = await setup();
    fake.answer = () => ({
      status: 500,
      body: { errorCode: "InternalError", errorMessage: "일시적인 서버 오류" },
    });
    const error = await providerError(sender.send(alimtalk));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("500");
    expect(error.message).toContain("InternalError");
  });

  it("a 503 (retried 3 times by the SDK itself) and a rate limit (429) are retryable", async () => {
    const { fake, sender } = await setup();
    fake.answer = () => ({
      status: 503,
      body: { errorCode: "ServiceUnavailable", errorMessage: "점검 중" },
    });
    expect((await providerError(sender.send(alimtalk))).retryable).toBe(true);
    expect(fake.requests).toHaveLength(4);

    fake.answer = () => ({
      status: 429,
      body: { errorCode: "TooManyRequests", errorMessage: "요청이 너무 많습니다" },
    });
    const limited = await providerError(sender.send(alimtalk));
    expect(limited.retryable).toBe(true);
    expect(limited.message).toContain("429");
  });

  it("a 4xx invalid-number answer is not retryable, with SOLAPI's reason", async () => {
    const { fake, sender } = await setup();
    fake.answer = () => ({
      status: 400,
      body: { errorCode: "ValidationError", errorMessage: "수신번호(to)가 올바르지 않습니다." },
    });
    const error = await providerError(sender.send({ ...alimtalk, to: "0101234" }));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("400");
    expect(error.message).toContain("ValidationError");
    expect(error.message).toContain("수신번호(to)가 올바르지 않습니다.");
  });

  it("a message SOLAPI did not accept (bad template) is not retryable", async () => {
    const { fake, sender } = await setup();
    fake.answer = (req) => {
      const body = accepted(req.body);
      const m = (req.body.messages as Record<string, string>[])[0]!;
      return {
        status: 200,
        body: {
          ...body,
          messageList: [],
          groupInfo: {
            ...body.groupInfo,
            count: { ...body.groupInfo.count, registeredFailed: 1, registeredSuccess: 0 },
          },
          failedMessageList: [
            {
              to: m.to,
              from: m.from,
              type: "ATA",
              statusMessage: "템플릿 내용이 일치하지 않습니다.",
              country: "82",
              messageId: "M4V-FAILED",
              statusCode: "3034",
              accountId: "25010100000000",
            },
          ],
        },
      };
    };
    const error = await providerError(sender.send(alimtalk));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("3034");
  });

  it("a request SOLAPI never answers times out as a retryable error", async () => {
    const { fake, sender } = await setup({ timeoutMs: 300 });
    fake.answer = () => "hang";
    const started = Date.now();
    const error = await providerError(sender.send(alimtalk));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("time-out");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("an unreachable SOLAPI is a retryable error", async () => {
    const { fake, sender } = await setup();
    await fake.close();
    const error = await providerError(sender.send(sms), sms.text);
    expect(error.retryable).toBe(true);
  });

  it("never puts the message text or the secret into an error, even when SOLAPI echoes them", async () => {
    const { fake, sender } = await setup();
    fake.answer = (req) => ({
      status: 400,
      body: {
        errorCode: "ValidationError",
        errorMessage: `text too long: ${String((req.body.messages as Record<string, string>[])[0]!.text).slice(0, 30)} (${API_SECRET})`,
      },
    });
    const error = await providerError(sender.send(alimtalk));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("[withheld]");

    fake.answer = () => ({ status: 400, body: `<html>${TEXT}</html>` });
    expect((await providerError(sender.send(alimtalk))).retryable).toBe(false);
  });

  it("a wrong secret is refused by SOLAPI (403) and not retried", async () => {
    const { sender } = await setup({ apiSecret: "wrong-secret-0000000000000000000" });
    const error = await providerError(sender.send(sms), sms.text);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("SignatureDoesNotMatch");
    expect(error.message).not.toContain("wrong-secret");
  });

  it("a 알림톡 without a template code is refused before any request", async () => {
    const { fake, sender } = await setup();
    const error = await providerError(sender.send({ ...alimtalk, templateCode: null }));
    expect(error.retryable).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});
