import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, schema } from "@seoltab/db";
import { buildTestApp, type TestApp } from "../../test/test-app.ts";
import { errorCodeOf, responseOf, signIn } from "../../test/accounts.ts";
import { DEMO_PASSWORD } from "../accounts/accounts.public.ts";
import { hasMutation, isReadRequest } from "./view-as.guard.ts";
import { VIEW_AS_TTL_MS } from "./view-as.service.ts";

let t: TestApp;
let admin: string;
let parent: string;
let parentNo: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t, "admin@example.com", DEMO_PASSWORD)).token;
  const p = await signIn(t, "parent@example.com", DEMO_PASSWORD);
  parent = p.token;
  parentNo = responseOf(p.res).USER_NO as number;
}, 60_000);
afterAll(() => t?.close());

function post(path: string, token: string, body: unknown = {}, viewAs?: string) {
  return t.app.inject({
    method: "POST",
    url: path,
    headers: {
      authorization: `Bearer ${token}`,
      ...(viewAs ? { "x-view-as-token": viewAs } : {}),
    },
    payload: body as Record<string, unknown>,
  });
}

async function auditOf(action: string) {
  return t.database.db
    .select()
    .from(schema.auditLogs)
    .where(eq(schema.auditLogs.action, action))
    .orderBy(desc(schema.auditLogs.id));
}

describe("view as this family (issue #20)", () => {
  it("only staff may start; a family member is refused", async () => {
    const res = await post("/main/view_as/start", parent, { USER_NO: parentNo });
    expect(res.statusCode).toBe(403);
    expect(errorCodeOf(res)).toBe("view_as_staff_only");
  });

  it("starts with a SECURITY entry, shows the family, refuses writes, ends with a SECURITY entry", async () => {
    const start = await post("/main/view_as/start", admin, { USER_NO: parentNo });
    expect(start.statusCode).toBe(200);
    const session = responseOf(start) as Record<string, unknown>;
    expect(session).toMatchObject({ USER_NO: parentNo, USER_TYPE: "PARENT" });
    const token = session.VIEW_AS_TOKEN as string;
    expect(
      Date.parse(session.EXPIRES_AT as string) - Date.parse(session.STARTED_AT as string),
    ).toBe(VIEW_AS_TTL_MS);
    const [started] = await auditOf("view_as_start");
    expect(started).toMatchObject({
      kind: "SECURITY",
      initiator: "ADMIN",
      target: `user:${parentNo}`,
    });
    expect(JSON.stringify(started!.detail)).not.toContain(token);

    const family = await post("/main/view_as/family", admin, {}, token);
    expect(family.statusCode).toBe(200);
    expect((responseOf(family).CHILDREN as unknown[]).length).toBeGreaterThan(0);

    // Reads pass with the token; any write is refused by the server.
    const read = await post(
      "/main/getUserInfo",
      admin,
      { USER_NO: parentNo, USER_TYPE: "PARENT" },
      token,
    );
    expect(read.statusCode).not.toBe(403);
    const write = await post("/main/user_Agree_family_services", admin, {}, token);
    expect(write.statusCode).toBe(403);
    expect(errorCodeOf(write)).toBe("view_as_read_only");
    const mutation = await t.app.inject({
      method: "POST",
      url: "/payment/graphql",
      headers: { authorization: `Bearer ${admin}`, "x-view-as-token": token },
      payload: { query: "mutation { signContract(input: {}) { userContractId } }" },
    });
    expect(mutation.statusCode).toBe(403);

    // Another staff-less caller cannot use the token.
    const stolen = await post("/main/view_as/family", parent, {}, token);
    expect(stolen.statusCode).toBe(403);

    const end = await post("/main/view_as/end", admin, {}, token);
    expect(responseOf(end)).toEqual({ ENDED: true });
    const [ended] = await auditOf("view_as_end");
    expect(ended).toMatchObject({ kind: "SECURITY", target: `user:${parentNo}` });
    expect(ended!.detail).toMatchObject({ reason: "ENDED" });
    // Ended: no more view, and ending again writes nothing.
    expect((await post("/main/view_as/family", admin, {}, token)).statusCode).toBe(401);
    expect(responseOf(await post("/main/view_as/end", admin, {}, token))).toEqual({ ENDED: false });
  });

  it("an expired session is ended (EXPIRED, audited) and refused", async () => {
    const start = await post("/main/view_as/start", admin, { USER_NO: parentNo });
    const { VIEW_AS_TOKEN: token, SESSION_ID: id } = responseOf(start) as {
      VIEW_AS_TOKEN: string;
      SESSION_ID: number;
    };
    await t.database.db
      .update(schema.viewAsSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.viewAsSessions.id, id));
    const res = await post("/main/view_as/family", admin, {}, token);
    expect(res.statusCode).toBe(401);
    expect(errorCodeOf(res)).toBe("view_as_expired");
    const [ended] = await auditOf("view_as_end");
    expect(ended!.detail).toMatchObject({ sessionId: id, reason: "EXPIRED" });
  });

  it("classifies reads and writes", () => {
    expect(hasMutation({ query: "query A { a }" })).toBe(false);
    expect(hasMutation({ query: "mutation { a }" })).toBe(true);
    expect(hasMutation({ query: "{ a } mutation B { b }" })).toBe(true);
    expect(hasMutation({ query: "not graphql" })).toBe(true);
    expect(isReadRequest({ method: "GET", url: "/main/x", body: undefined })).toBe(true);
    expect(isReadRequest({ method: "POST", url: "/main/getUserInfo?x=1", body: {} })).toBe(true);
    expect(isReadRequest({ method: "POST", url: "/main/login", body: {} })).toBe(false);
    // The family area's and the store's reads stay open to a view-as session; their writes do not.
    for (const url of ["/main/family/students", "/main/account_link/status", "/main/Cart_Price"]) {
      expect(isReadRequest({ method: "POST", url, body: {} })).toBe(true);
    }
    for (const url of ["/main/family/update_student", "/main/account_link/unlink"]) {
      expect(isReadRequest({ method: "POST", url, body: {} })).toBe(false);
    }
    expect(isReadRequest({ method: "PATCH", url: "/serverless/change_password", body: {} })).toBe(
      false,
    );
  });
});
