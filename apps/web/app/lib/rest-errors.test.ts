import { describe, expect, it } from "vitest";
import { RestError } from "./rest-client";
import { NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE, restErrorText } from "./rest-errors";

const refusal = (init: Partial<ConstructorParameters<typeof RestError>[0]>) =>
  new RestError({ message: "", status: 400, errorCode: "validation_failed", ...init });

describe("restErrorText, the one REST error helper of the web", () => {
  it("the server's Korean STATUSMSG", () => {
    expect(restErrorText(refusal({ message: "이미 처리된 요청이에요.", status: 409 }))).toBe(
      "이미 처리된 요청이에요.",
    );
  });

  it("a validation refusal names its first invalid field", () => {
    const error = refusal({
      message: "입력값을 확인해 주세요.",
      fields: [
        { NAME: "REASON", MESSAGE: "사유를 2자 이상 적어 주세요." },
        { NAME: "AMOUNT", MESSAGE: "금액을 확인해 주세요." },
      ],
    });
    expect(restErrorText(error)).toBe("사유를 2자 이상 적어 주세요.");
  });

  it("an English field message falls back to the envelope's sentence", () => {
    const error = refusal({
      message: "입력값을 확인해 주세요.",
      fields: [{ NAME: "AMOUNT", MESSAGE: "Expected number, received string" }],
    });
    expect(restErrorText(error)).toBe("입력값을 확인해 주세요.");
  });

  it("a server fault or an English text becomes the generic Korean sentence", () => {
    expect(restErrorText(refusal({ message: "Internal Server Error", status: 500 }))).toBe(
      SERVER_ERROR_MESSAGE,
    );
    expect(restErrorText(refusal({ message: "", status: 502 }))).toBe(SERVER_ERROR_MESSAGE);
    expect(restErrorText(refusal({ message: "Bad Request", status: 400 }))).toBe(
      SERVER_ERROR_MESSAGE,
    );
  });

  it("no answer, or not a REST error, is the network sentence", () => {
    const offline = new RestError({
      message: NETWORK_ERROR_MESSAGE,
      status: 0,
      errorCode: "timeout",
    });
    expect(restErrorText(offline)).toBe(NETWORK_ERROR_MESSAGE);
    expect(restErrorText(new TypeError("Failed to fetch"))).toBe(NETWORK_ERROR_MESSAGE);
    expect(restErrorText(undefined)).toBe(NETWORK_ERROR_MESSAGE);
  });
});
