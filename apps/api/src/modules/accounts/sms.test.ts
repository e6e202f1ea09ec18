import { describe, expect, it } from "vitest";
import { MessageProviderError, sandboxMessageSender } from "../../platform/messaging.ts";
import { AppError } from "../../errors.ts";
import { call, randomIp, uniquePhone } from "../../test/accounts.ts";
import { buildTestApp } from "../../test/test-app.ts";
import { sandboxSms, smsViaMessagePort, unconfiguredSms } from "./sms.ts";

describe("SMS port", () => {
  it("the sandbox keeps the newest messages per phone, up to its capacity", async () => {
    const sms = sandboxSms(3);
    for (const text of ["a", "b", "c", "d"]) await sms.send("01011112222", text);
    await sms.send("01033334444", "other");
    expect(sms.outbox("01011112222").map((m) => m.text)).toEqual(["d", "c"]);
    expect(sms.outbox("01033334444")[0]).toMatchObject({ to: "01033334444", text: "other" });
  });

  it("the provider slot without a provider refuses to pretend: 503 sms_unavailable", async () => {
    const err = await unconfiguredSms()
      .send("01011112222", "x")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ kind: "unavailable", code: "sms_unavailable" });
  });

  it("codes through the message port: one SMS to the provider; a provider fault is 503 sms_unavailable", async () => {
    const sender = sandboxMessageSender();
    const sms = smsViaMessagePort(sender);
    await sms.send("01012345678", "[설탭] 인증번호 123456");
    expect(sender.delivered()).toBe(1);
    sender.failNext(1, new MessageProviderError("provider down", true));
    await expect(sms.send("01012345678", "[설탭] 인증번호 654321")).rejects.toMatchObject({
      code: "sms_unavailable",
    });
  });

  it("with SOLAPI the codes go through the app's one message sender, the outbox's", async () => {
    const sender = sandboxMessageSender();
    const t = await buildTestApp(
      {
        SMS_ADAPTER: "portone",
        MESSAGE_ADAPTER: "solapi",
        SOLAPI_API_KEY: "NCSKEY",
        SOLAPI_API_SECRET: "SECRET-VALUE-0123456789",
        SOLAPI_SENDER: "0212345678",
        SOLAPI_PF_ID: "KA01PF0000",
        // Nothing answers here: a SOLAPI client of the accounts' own would fail (503).
        SOLAPI_BASE_URL: "http://127.0.0.1:9/",
      },
      {},
      { messages: { sender } },
    );
    try {
      const res = await call(
        t,
        "/main/verification/send_code",
        { PHONE_NUM: uniquePhone(), PURPOSE: "JOIN" },
        { ip: randomIp() },
      );
      expect(res.statusCode).toBe(200);
      expect(sender.delivered()).toBe(1);
    } finally {
      await t.close();
    }
  });
});
