/**
 * Swagger UI at /main/docs (decision 037): on in development and stage, off in production unless
 * API_DOCS_ENABLED=true; the served document is the published contract's source.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { buildTestApp, type TestApp } from "../test/test-app.ts";

const production = {
  APP_ENV: "production",
  DATABASE_URL: "postgres://app@db.internal/app",
  PUBLIC_ORIGIN: "https://seoltab.example/",
  ACCOUNTS_SIGNING_KEYS: '[{"kty":"EC"}]',
  PAYMENT_ADAPTER: "portone",
  PORTONE_API_KEY: "key",
  PORTONE_API_SECRET: "secret",
  SMS_ADAPTER: "portone",
};

describe("API_DOCS_ENABLED", () => {
  it("defaults to on in development and stage, off in production; the setting decides", () => {
    expect(loadConfig({ APP_ENV: "development" }).apiDocsEnabled).toBe(true);
    expect(loadConfig({ ...production, APP_ENV: "stage" }).apiDocsEnabled).toBe(true);
    expect(loadConfig(production).apiDocsEnabled).toBe(false);
    expect(loadConfig({ ...production, API_DOCS_ENABLED: "true" }).apiDocsEnabled).toBe(true);
    expect(loadConfig({ APP_ENV: "development", API_DOCS_ENABLED: "false" }).apiDocsEnabled).toBe(
      false,
    );
  });
});

describe("/main/docs", () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([buildTestApp(), buildTestApp({ API_DOCS_ENABLED: "false" })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([on?.close(), off?.close()]);
  });

  it("serves Swagger UI and the OpenAPI document when enabled", async () => {
    const json = await on.app.inject({ method: "GET", url: "/main/docs/json" });
    expect(json.statusCode).toBe(200);
    const doc = json.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/main/login");
    const ui = await on.app.inject({ method: "GET", url: "/main/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("is the ordinary not-found envelope when disabled", async () => {
    const res = await off.app.inject({ method: "GET", url: "/main/docs/json" });
    expect(res.statusCode).toBe(404);
    expect(res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE).toBe("route_not_found");
  });
});
