/**
 * MESSAGE_ADAPTER and SOLAPI_* settings (config.ts) and the adapter they select
 * (messageSenderFor): defaults, a missing SOLAPI setting stops the start, sandbox in production
 * is accepted with a warning.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { messageSenderFor, SANDBOX_IN_PRODUCTION_WARNING } from "./messaging-adapters.ts";

const solapiEnv = {
  APP_ENV: "development",
  MESSAGE_ADAPTER: "solapi",
  SOLAPI_API_KEY: "NCSKEY",
  SOLAPI_API_SECRET: "SECRET-VALUE-0123456789",
  SOLAPI_SENDER: "0212345678",
  SOLAPI_PF_ID: "KA01PF0000",
};

const production = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app@db.internal/app",
  PUBLIC_ORIGIN: "https://seoltab.example",
  ACCOUNTS_SIGNING_KEYS: '[{"kty":"EC"}]',
  PAYMENT_ADAPTER: "portone",
  PORTONE_API_KEY: "key",
  PORTONE_API_SECRET: "secret",
  SMS_ADAPTER: "portone",
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("MESSAGE_ADAPTER settings", () => {
  it("default to the sandbox sender", async () => {
    const config = loadConfig({ APP_ENV: "development" });
    expect(config.messaging).toEqual({ adapter: "sandbox" });
    expect((await messageSenderFor(config)).name).toBe("sandbox");
  });

  it("solapi reads its settings and builds the SOLAPI sender", async () => {
    const config = loadConfig({ ...solapiEnv, SOLAPI_BASE_URL: "http://127.0.0.1:9/" });
    expect(config.messaging).toEqual({
      adapter: "solapi",
      apiKey: "NCSKEY",
      apiSecret: "SECRET-VALUE-0123456789",
      sender: "0212345678",
      pfId: "KA01PF0000",
      baseUrl: "http://127.0.0.1:9",
    });
    expect((await messageSenderFor(config)).name).toBe("solapi");
    expect(loadConfig(solapiEnv).messaging).toMatchObject({ baseUrl: undefined });
  });

  it("solapi without its secret (or any SOLAPI setting) stops the start, naming each", () => {
    const problems = problemsOf({ ...solapiEnv, SOLAPI_API_SECRET: "", SOLAPI_PF_ID: " " });
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toContain(
      "SOLAPI_API_SECRET: MESSAGE_ADAPTER=solapi 이면 필수입니다",
    );
    expect(problems.join("\n")).toContain("SOLAPI_PF_ID");
    expect(problems.join("\n")).not.toContain("SECRET-VALUE");
  });

  it("refuses an unknown adapter, a sender with other than digits and a bad base URL", () => {
    expect(problemsOf({ APP_ENV: "development", MESSAGE_ADAPTER: "kakao" }).join()).toContain(
      "MESSAGE_ADAPTER",
    );
    const problems = problemsOf({
      ...solapiEnv,
      SOLAPI_SENDER: "02-1234-5678",
      SOLAPI_BASE_URL: "api.solapi.com",
    });
    expect(problems.join("\n")).toContain("SOLAPI_SENDER");
    expect(problems.join("\n")).toContain("SOLAPI_BASE_URL");
  });

  it("production accepts sandbox with a warning at start, and takes solapi without one", async () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m) };
    const sandbox = loadConfig(production);
    expect((await messageSenderFor(sandbox, { log })).name).toBe("sandbox");
    expect(warnings).toEqual([SANDBOX_IN_PRODUCTION_WARNING]);

    const solapi = loadConfig({ ...production, ...solapiEnv, APP_ENV: "production" });
    expect((await messageSenderFor(solapi, { log })).name).toBe("solapi");
    expect(warnings).toHaveLength(1);
    expect((await messageSenderFor(loadConfig({ APP_ENV: "development" }), { log })).name).toBe(
      "sandbox",
    );
    expect(warnings).toHaveLength(1);
  });
});
