import { describe, expect, it } from "vitest";
import { MessageProviderError, sandboxMessageSender } from "../../platform/messaging.ts";
import { AppError } from "../../errors.ts";
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
});
