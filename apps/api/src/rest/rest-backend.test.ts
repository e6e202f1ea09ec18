import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/test-app.ts";
import { z } from "zod";
import { success } from "./envelope.ts";
import { useEnvelope } from "./rest-backend.ts";
import { restSchema, sendUnchangingAnswer } from "./route-schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A route that fails unexpectedly, to see what a 500 looks like from outside.
  await t.app.register(
    async (i) => {
      useEnvelope(i);
      i.post("/explode", async () => {
        throw new Error("db password is hunter2");
      });
      // sendUnchangingAnswer: the same object answered again, as the read cache hands it out.
      const schema = restSchema({
        summary: "test",
        tag: "test",
        response: z.strictObject({ NAME: z.string(), COUNT: z.number() }),
      });
      i.post("/unchanging/:which", { schema }, async (request, reply) => {
        const { which } = request.params as { which: keyof typeof unchanging };
        return sendUnchangingAnswer(reply, unchanging[which]);
      });
      i.post("/plain", { schema }, async () => success(unchanging.good));
    },
    { prefix: "/main-test" },
  );
}, 60_000);
afterAll(() => t.close());

const unchanging = {
  good: { NAME: "설탭 수학", COUNT: 3 },
  other: { NAME: "설탭 영어", COUNT: 4 },
  wrong: { NAME: "설탭 국어", COUNT: "3" },
};

const post = (url: string, payload?: string, contentType = "application/json") =>
  t.app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload, headers: { "content-type": contentType } }),
  });

describe("sendUnchangingAnswer (issue 19: a cached answer serialized once)", () => {
  it("sends exactly what returning success() sends, again and again, per object", async () => {
    const plain = await post("/main-test/plain", "{}");
    const first = await post("/main-test/unchanging/good", "{}");
    const again = await post("/main-test/unchanging/good", "{}");
    const other = await post("/main-test/unchanging/other", "{}");
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(plain.body);
    expect(first.headers["content-type"]).toBe(plain.headers["content-type"]);
    expect(again.body).toBe(first.body);
    expect(other.json().ONUEI_RES.DATA.RESPONSE).toEqual({ NAME: "설탭 영어", COUNT: 4 });
  });

  it("checks the first send against the route's response schema, as a returned answer is", async () => {
    const res = await post("/main-test/unchanging/wrong", "{}");
    expect(res.statusCode).toBe(500);
    expect(res.json().ONUEI_RES.DATA.RESULT).toBe("FAIL");
  });
});

describe("REST backends answer in the ONUEI_RES envelope", () => {
  it("POST /main/getTaxonomy returns the INGANG taxonomy", async () => {
    const res = await post("/main/getTaxonomy", "{}");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ONUEI_RES.STATUS.STATUSCODE).toBe("0000");
    expect(body.ONUEI_RES.DATA.RESULT).toBe("SUCCESS");
    const entries = body.ONUEI_RES.DATA.RESPONSE.RESULT_TAXONOMIES;
    expect(entries[0]).toEqual({ NAME: "수학", DEPTH: 1, TERM_TAXONOMY_ID: 1001, PARENT: 0 });
    expect(entries.length).toBeGreaterThan(30);
    // Every child points at an entry that exists.
    const ids = new Set(entries.map((e: { TERM_TAXONOMY_ID: number }) => e.TERM_TAXONOMY_ID));
    for (const e of entries) if (e.PARENT !== 0) expect(ids.has(e.PARENT)).toBe(true);
  });

  it("accepts a POST with no body at all", async () => {
    const res = await post("/main/getTaxonomy");
    expect(res.statusCode).toBe(200);
  });

  it("malformed JSON: 400 with a Korean message", async () => {
    const res = await post("/main/getTaxonomy", '{"TAXONOMY": ');
    expect(res.statusCode).toBe(400);
    const status = res.json().ONUEI_RES.STATUS;
    expect(status.STATUSCODE).toBe("4000");
    expect(status.STATUSMSG).toMatch(/JSON/);
    expect(res.json().ONUEI_RES.DATA).toMatchObject({
      RESULT: "FAIL",
      RESPONSE: { ERROR_CODE: "invalid_json" },
    });
  });

  it("wrong content type: 415", async () => {
    const res = await post("/main/getTaxonomy", "TAXONOMY=INGANG", "text/csv");
    expect(res.statusCode).toBe(415);
    expect(res.json().ONUEI_RES.STATUS.STATUSMSG).toContain("application/json");
  });

  it("oversized body: 413", async () => {
    const big = JSON.stringify({ TAXONOMY: "x".repeat(t.config.bodyLimitBytes + 10) });
    const res = await post("/main/getTaxonomy", big);
    expect(res.statusCode).toBe(413);
    expect(res.json().ONUEI_RES.DATA.RESPONSE.ERROR_CODE).toBe("payload_too_large");
  });

  it("unknown fields and bad values: 400 naming each field", async () => {
    const res = await post("/main/getTaxonomy", JSON.stringify({ TAXONOMY: "OTHER", EXTRA: 1 }));
    expect(res.statusCode).toBe(400);
    const fields = res.json().ONUEI_RES.DATA.RESPONSE.FIELDS.map((f: { NAME: string }) => f.NAME);
    expect(fields).toEqual(expect.arrayContaining(["TAXONOMY", "EXTRA"]));
  });

  it("a JSON array or string instead of an object: 400", async () => {
    expect((await post("/main/getTaxonomy", "[1,2]")).statusCode).toBe(400);
    expect((await post("/main/getTaxonomy", '"INGANG"')).statusCode).toBe(400);
  });

  it.each(["/main/nope", "/serverless/nope", "/hub/request-form/nope"])(
    "unknown path %s: 404 envelope",
    async (url) => {
      const res = await post(url, "{}");
      expect(res.statusCode).toBe(404);
      expect(res.json().ONUEI_RES.STATUS).toEqual({
        STATUSCODE: "4040",
        STATUSMSG: "요청하신 주소를 찾을 수 없어요. 주소를 다시 확인해 주세요.",
      });
    },
  );

  it("a GET on a POST-only call: 404 envelope, not HTML", async () => {
    const res = await t.app.inject({ method: "GET", url: "/main/getTaxonomy" });
    expect(res.statusCode).toBe(404);
    expect(res.json().ONUEI_RES.DATA.RESULT).toBe("FAIL");
  });

  it("an unexpected failure: 500 envelope that hides the details", async () => {
    const res = await post("/main-test/explode", "{}");
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("hunter2");
    expect(res.json().ONUEI_RES.STATUS).toEqual({
      STATUSCODE: "5000",
      STATUSMSG: "일시적인 오류가 발생했어요. 잠시 후 다시 시도해 주세요.",
    });
  });
});
