import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { buildTestApp, openTestDatabase, testConfig, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

describe("operations endpoints", () => {
  it("/healthz answers without touching the database", async () => {
    const res = await t.app.inject("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("/readyz checks the database", async () => {
    const res = await t.app.inject("/readyz");
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("ok");
  });

  it("/readyz answers 503 when the database is gone", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await database.close();
    const res = await app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe("unavailable");
    await app.close();
  }, 60_000);

  it("/metrics exposes a request-duration histogram per route", async () => {
    await t.app.inject({ method: "POST", url: "/main/getTaxonomy" });
    const res = await t.app.inject("/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("# TYPE http_request_duration_seconds histogram");
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/main\/getTaxonomy",status_code="200"\} \d+/,
    );
  });
});

describe("/metrics is not public (issue #19)", () => {
  it("with METRICS_TOKEN: only with that bearer token; on a deployed host without one: 404", async () => {
    const token = "m".repeat(32);
    const [guarded, deployed] = await Promise.all([
      buildTestApp({}, { appEnv: "production", localMode: false, metricsToken: token }),
      buildTestApp({}, { appEnv: "production", localMode: false }),
    ]);
    try {
      expect((await guarded.app.inject("/metrics")).statusCode).toBe(401);
      const wrong = await guarded.app.inject({
        url: "/metrics",
        headers: { authorization: `Bearer ${"x".repeat(32)}` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({
        url: "/metrics",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain("http_request_duration_seconds");
      expect((await deployed.app.inject("/metrics")).statusCode).toBe(404);
    } finally {
      await Promise.all([guarded.close(), deployed.close()]);
    }
  }, 60_000);
});

describe("security headers", () => {
  it("are on every response, REST, GraphQL and operations alike", async () => {
    for (const res of [
      await t.app.inject("/healthz"),
      await t.app.inject({ method: "POST", url: "/main/nope" }),
      await t.app.inject({
        method: "POST",
        url: "/auth/graphql",
        payload: { query: "{ __typename }" },
      }),
    ]) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("HSTS is off in development and on elsewhere", async () => {
    expect((await t.app.inject("/healthz")).headers["strict-transport-security"]).toBeUndefined();
    const stage = await buildTestApp({}, { appEnv: "stage", localMode: false });
    const res = await stage.app.inject("/healthz");
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    await stage.close();
  }, 60_000);
});

describe("request id", () => {
  it("is generated, or taken from a well-formed X-Request-Id, and echoed", async () => {
    const generated = await t.app.inject("/healthz");
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      url: "/healthz",
      headers: { "x-request-id": "lb-12345678" },
    });
    expect(given.headers["x-request-id"]).toBe("lb-12345678");
    const hostile = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "a b\nc" } });
    expect(hostile.headers["x-request-id"]).not.toBe("a b\nc");
  });
});

describe("over a real port", () => {
  it("serves HTTP on a listening socket", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${address}/main/getTaxonomy`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ONUEI_RES: { DATA: { RESULT: string } } };
    expect(body.ONUEI_RES.DATA.RESULT).toBe("SUCCESS");
  });
});
