import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("defaults to production, which refuses to start without its required settings", () => {
    const problems = problemsOf({});
    expect(problems.join("\n")).toContain("DATABASE_URL");
    expect(problems.join("\n")).toContain("PUBLIC_ORIGIN");
    expect(problems.join("\n")).toContain("ACCOUNTS_SIGNING_KEYS");
    expect(problems.join("\n")).toContain("PAYMENT_ADAPTER");
    expect(problems.join("\n")).toContain("SMS_ADAPTER");
  });

  it("lists every problem in one message", () => {
    try {
      loadConfig({
        APP_ENV: "development",
        PORT: "70000",
        PUBLIC_ORIGIN: "not a url",
        LOG_LEVEL: "loud",
      });
      throw new Error("expected a ConfigError");
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("PUBLIC_ORIGIN");
      expect(message).toContain("LOG_LEVEL");
      expect(message.split("\n").filter((l) => l.startsWith("  - "))).toHaveLength(3);
    }
  });

  it("rejects an unknown APP_ENV", () => {
    expect(problemsOf({ APP_ENV: "qa" }).join()).toContain("APP_ENV");
  });

  it("refuses embedded PGlite and sandbox adapters in production even when the rest is set", () => {
    const problems = problemsOf({
      APP_ENV: "production",
      PUBLIC_ORIGIN: "https://seoltab.example",
      ACCOUNTS_SIGNING_KEYS: '[{"kty":"EC"}]',
      PAYMENT_ADAPTER: "sandbox",
    });
    expect(problems.some((p) => p.startsWith("DATABASE_URL"))).toBe(true);
    expect(problems.some((p) => p.startsWith("PAYMENT_ADAPTER"))).toBe(true);
  });

  it("accepts a complete production configuration", () => {
    const config = loadConfig({
      APP_ENV: "production",
      DATABASE_URL: "postgres://app@db.internal/app",
      PUBLIC_ORIGIN: "https://seoltab.example/",
      ACCOUNTS_SIGNING_KEYS: '[{"kty":"EC"}]',
      PAYMENT_ADAPTER: "portone",
      PORTONE_API_KEY: "key",
      PORTONE_API_SECRET: "secret",
      SMS_ADAPTER: "portone",
    });
    expect(config.localMode).toBe(false);
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://app@db.internal/app" });
    expect(config.baseUrls.accounts).toBe("https://seoltab.example/accounts");
    expect(config.host).toBe("0.0.0.0");
    expect(config.payment).toMatchObject({ channelKey: undefined, vbankCode: "088" });
  });

  it("reads the PortOne channel key and virtual-account bank code, refusing a bad bank code", () => {
    const env = {
      APP_ENV: "development",
      PAYMENT_ADAPTER: "portone",
      PORTONE_API_KEY: "key",
      PORTONE_API_SECRET: "secret",
      PORTONE_CHANNEL_KEY: "channel-key-123",
      PORTONE_VBANK_CODE: "004",
    };
    expect(loadConfig(env).payment).toMatchObject({
      channelKey: "channel-key-123",
      vbankCode: "004",
    });
    expect(problemsOf({ ...env, PORTONE_VBANK_CODE: "shinhan" }).join()).toContain(
      "PORTONE_VBANK_CODE",
    );
  });

  it("uses local defaults in development: port 3000, ./data, sandbox, 15-minute tokens", () => {
    const config = loadConfig({ APP_ENV: "development" });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe("pglite");
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.consultationUrl).toBe("/consultation");
    expect(config.localMode).toBe(true);
    expect(config.dataDir).toBe(resolve("./data"));
  });
});

describe("UPGRADE_INSECURE_REQUESTS_HOSTS", () => {
  it("defaults to the public origin's host outside development, none in development", () => {
    expect(loadConfig({ APP_ENV: "development" }).upgradeInsecureHosts).toEqual([]);
    const stage = loadConfig({
      APP_ENV: "stage",
      PUBLIC_ORIGIN: "https://stage.seoltab.example",
    });
    expect(stage.upgradeInsecureHosts).toEqual(["stage.seoltab.example"]);
    const listed = loadConfig({
      APP_ENV: "development",
      UPGRADE_INSECURE_REQUESTS_HOSTS: "Dev.Seoltab.example, ",
    });
    expect(listed.upgradeInsecureHosts).toEqual(["dev.seoltab.example"]);
  });
});

describe("STORAGE_ADAPTER", () => {
  it("defaults to disk", () => {
    expect(loadConfig({ APP_ENV: "development" }).storage).toEqual({ adapter: "disk" });
  });

  it("with s3 stops the start naming each missing S3 setting", () => {
    const problems = problemsOf({ APP_ENV: "development", STORAGE_ADAPTER: "s3", S3_BUCKET: " " });
    expect(problems).toEqual([
      "S3_BUCKET: STORAGE_ADAPTER=s3 이면 필수입니다",
      "S3_REGION: STORAGE_ADAPTER=s3 이면 필수입니다",
      "S3_ACCESS_KEY_ID: STORAGE_ADAPTER=s3 이면 필수입니다",
      "S3_SECRET_ACCESS_KEY: STORAGE_ADAPTER=s3 이면 필수입니다",
    ]);
    expect(problemsOf({ APP_ENV: "development", STORAGE_ADAPTER: "gcs" }).join()).toContain(
      "STORAGE_ADAPTER: disk 또는 s3",
    );
  });

  it("reads the bucket, region, keys and an optional S3-compatible endpoint", () => {
    const config = loadConfig({
      APP_ENV: "development",
      STORAGE_ADAPTER: "s3",
      S3_BUCKET: "seoltab-files",
      S3_REGION: "ap-northeast-2",
      S3_ENDPOINT: "https://objects.example.com/",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.storage).toEqual({
      adapter: "s3",
      bucket: "seoltab-files",
      region: "ap-northeast-2",
      endpoint: "https://objects.example.com",
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "secret",
    });
    expect(
      problemsOf({ APP_ENV: "development", STORAGE_ADAPTER: "s3", S3_ENDPOINT: "ftp://x" }).join(),
    ).toContain("S3_ENDPOINT");
  });
});
