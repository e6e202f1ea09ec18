import { describe, expect, it } from "vitest";
import {
  CARD_NUMBER_LENGTH_MESSAGE,
  CARD_NUMBER_LUHN_MESSAGE,
  GATEWAY_CODE_MESSAGES,
  GENERIC_DECLINE_MESSAGE,
  INVALID_CARD_MESSAGE,
  cardNumberSchema,
  gatewayCodeOf,
  luhnValid,
  payerFailureMessage,
} from "./payment-messages.ts";

describe("payerFailureMessage (issue #11 item 3)", () => {
  it("F112 is SPEC.md §8's invalid-card message, word for word", () => {
    expect(
      payerFailureMessage(
        "카드정보 인증 및 빌키 발급에 실패하였습니다. [F112]유효하지않은 카드번호를 입력하셨습니다. (card_bin 없음)",
      ),
    ).toBe(
      "유효하지 않은 카드 정보입니다. 카드 번호, 유효기간, 생년월일, 비밀번호 앞 2자리를 확인해 주세요.",
    );
    expect(GATEWAY_CODE_MESSAGES.F112).toBe(INVALID_CARD_MESSAGE);
  });

  it("2116 insufficient funds becomes our Korean sentence", () => {
    const message = payerFailureMessage("[2116]잔액이 부족합니다.");
    expect(message).toBe(GATEWAY_CODE_MESSAGES["2116"]);
    expect(message).not.toContain("[");
  });

  it("an unknown code or other gateway wording is the generic decline; never the raw text", () => {
    expect(payerFailureMessage("[9999]알 수 없는 오류")).toBe(GENERIC_DECLINE_MESSAGE);
    expect(payerFailureMessage("결제승인에 실패하였습니다.")).toBe(GENERIC_DECLINE_MESSAGE);
    expect(payerFailureMessage("잔액부족")).toBe(GENERIC_DECLINE_MESSAGE);
    expect(payerFailureMessage("card declined by issuer")).toBe(GENERIC_DECLINE_MESSAGE);
  });

  it("our own 해요체 reasons pass through; empty is the fallback", () => {
    for (const own of [
      "등록된 결제 카드가 없어요.",
      "가상계좌 입금 기한이 지났어요.",
      "결제가 완료되지 않았어요. (결제대행사 기록 없음)",
      "결제 서버에 연결하지 못했어요. 결제되지 않았으니 잠시 후 다시 시도해 주세요.",
    ]) {
      expect(payerFailureMessage(own)).toBe(own);
    }
    expect(payerFailureMessage(null)).toBe(GENERIC_DECLINE_MESSAGE);
    expect(payerFailureMessage("", "다시 시도해 주세요.")).toBe("다시 시도해 주세요.");
  });

  it("every table message is itself (mapping twice changes nothing) and has no code", () => {
    for (const message of Object.values(GATEWAY_CODE_MESSAGES)) {
      expect(payerFailureMessage(message)).toBe(message);
      expect(gatewayCodeOf(message)).toBeNull();
    }
  });
});

describe("cardNumberSchema (one rule for web and server)", () => {
  it("accepts Luhn-valid 15-16 digits with spaces or dashes, answering the digits", () => {
    expect(cardNumberSchema.parse("4242 4242 4242 4242")).toBe("4242424242424242");
    expect(cardNumberSchema.parse("3782-822463-10005")).toBe("378282246310005");
  });

  it("refuses a Luhn-invalid number with the Luhn message", () => {
    const result = cardNumberSchema.safeParse("4242424242424241");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([CARD_NUMBER_LUHN_MESSAGE]);
    expect(luhnValid("4242424242424241")).toBe(false);
  });

  it("refuses other lengths with only the length message", () => {
    for (const bad of ["1234", "42424242424242", "4242424242424242424"]) {
      const result = cardNumberSchema.safeParse(bad);
      expect(result.error?.issues.map((i) => i.message)).toEqual([CARD_NUMBER_LENGTH_MESSAGE]);
    }
  });
});
