import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { INVALID_CARD_MESSAGE } from "@seoltab/domain";
import { describe, expect, it } from "vitest";
import {
  NETWORK_ERROR_MESSAGE,
  SERVER_ERROR_MESSAGE,
  errorCode,
  errorMessage,
  serverMessage,
} from "./graphql-errors";
import { RestError } from "./rest-client";

const graphqlErrors = (...errors: { message: string; extensions?: Record<string, unknown> }[]) =>
  new CombinedGraphQLErrors({ errors });

const serverError = (statusCode: number, bodyText: string) =>
  new ServerError("Response not successful", {
    response: new Response(bodyText, { status: statusCode }),
    bodyText,
  });

describe("the one error helper of the web", () => {
  it("GraphQL: the first Korean message and its code", () => {
    const error = graphqlErrors(
      { message: "", extensions: { code: "not_your_contract" } },
      { message: "계약서를 찾을 수 없어요." },
    );
    expect(errorMessage(error)).toBe("계약서를 찾을 수 없어요.");
    expect(errorCode(error)).toBe("not_your_contract");
  });

  it("a server fault or an English text never reaches a family as it is", () => {
    const internal = graphqlErrors({
      message: "계산 중 오류",
      extensions: { classification: "INTERNAL_ERROR" },
    });
    expect(errorMessage(internal)).toBe(SERVER_ERROR_MESSAGE);
    expect(errorMessage(graphqlErrors({ message: "Internal Server Error" }))).toBe(
      SERVER_ERROR_MESSAGE,
    );
  });

  it("a card gateway's code goes through the shared table", () => {
    expect(errorMessage(graphqlErrors({ message: "[F112] 카드 정보 오류" }))).toBe(
      INVALID_CARD_MESSAGE,
    );
  });

  it("a non-2xx answer: its JSON errors, else 5xx is a server fault and 4xx no answer", () => {
    const json = JSON.stringify({ errors: [{ message: "다시 로그인해 주세요." }] });
    expect(errorMessage(serverError(401, json))).toBe("다시 로그인해 주세요.");
    expect(errorMessage(serverError(502, "<html>Bad gateway</html>"))).toBe(SERVER_ERROR_MESSAGE);
    expect(serverMessage(serverError(404, "not json"))).toBeNull();
    expect(errorMessage(serverError(404, "not json"))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("REST: the STATUSMSG and ERROR_CODE; no answer is the network message", () => {
    const refused = new RestError({
      message: "이미 가입된 이메일이에요.",
      status: 409,
      errorCode: "email_taken",
    });
    expect(errorMessage(refused)).toBe("이미 가입된 이메일이에요.");
    expect(errorCode(refused)).toBe("email_taken");
    const offline = new RestError({
      message: NETWORK_ERROR_MESSAGE,
      status: 0,
      errorCode: "timeout",
    });
    expect(serverMessage(offline)).toBeNull();
    expect(errorMessage(offline)).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorMessage(new Error("boom"))).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorCode(new Error("boom"))).toBeNull();
  });
});
