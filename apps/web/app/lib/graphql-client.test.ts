import { gql } from "@apollo/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, type RecordedCall } from "../test/fetch-mock";
import { createGraphqlClient } from "./graphql-client";

const BACKEND = gql`
  query Backend {
    backend
  }
`;

afterEach(() => vi.unstubAllGlobals());

const data = (backend = "x") => json({ data: { backend } });
const tokenError = (code: string, status = 200) =>
  json(
    {
      data: null,
      errors: [{ message: "", extensions: { classification: "UNAUTHORIZED", code } }],
    },
    status,
  );
const graphqlCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.url.endsWith("/graphql") && c.url !== "/auth/graphql");

describe("GraphQL client: routing by clientName (SPEC.md §7)", () => {
  it("sends each clientName to /{backend}/graphql, anything else to marketing", async () => {
    sessionStorage.setItem("accessToken", "t");
    const routes = Object.fromEntries(
      [
        "workspace",
        "matching",
        "auth",
        "diagnosis",
        "payment",
        "payment-aclayer",
        "gateway",
        "marketing",
      ].map((b) => [`POST /${b}/graphql`, () => data(b)]),
    );
    const { calls } = mockFetch(routes);
    const client = createGraphqlClient();
    const names = [
      "workspace",
      "matching",
      "auth",
      "diagnosis",
      "payment",
      "payment-aclayer",
      "gateway",
    ];
    for (const clientName of [...names, "Payment", "other", undefined]) {
      await client.query({ query: BACKEND, context: clientName ? { clientName } : {} });
    }
    expect(calls.map((c) => c.url)).toEqual([
      ...names.map((b) => `/${b}/graphql`),
      "/marketing/graphql",
      "/marketing/graphql",
      "/marketing/graphql",
    ]);
  });

  it("uses the credentials mode of each backend", async () => {
    sessionStorage.setItem("accessToken", "t");
    const { calls } = mockFetch({
      "POST /matching/graphql": () => data(),
      "POST /marketing/graphql": () => data(),
      "POST /auth/graphql": () => data(),
      "POST /payment/graphql": () => data(),
      "POST /workspace/graphql": () => data(),
      "POST /payment-aclayer/graphql": () => data(),
    });
    const client = createGraphqlClient();
    for (const clientName of [
      "matching",
      "marketing",
      "auth",
      "payment",
      "workspace",
      "payment-aclayer",
    ]) {
      await client.query({ query: BACKEND, context: { clientName } });
    }
    expect(calls.map((c) => c.credentials)).toEqual([
      "omit",
      "omit",
      "same-origin",
      "same-origin",
      undefined,
      undefined,
    ]);
  });

  it("fetches network-only by default: the same query twice reaches the server twice", async () => {
    sessionStorage.setItem("accessToken", "t");
    const { calls } = mockFetch({ "POST /marketing/graphql": () => data() });
    const client = createGraphqlClient();
    await client.query({ query: BACKEND });
    await client.query({ query: BACKEND });
    expect(calls).toHaveLength(2);
  });
});

describe("GraphQL client: Bearer header (SPEC.md §4)", () => {
  it("sends the access token when there is one", async () => {
    sessionStorage.setItem("accessToken", "access-1");
    sessionStorage.setItem("userToken", '"user-1"');
    const { calls } = mockFetch({ "POST /workspace/graphql": () => data() });
    await createGraphqlClient().query({ query: BACKEND, context: { clientName: "workspace" } });
    expect(calls[0]!.headers.authorization).toBe("Bearer access-1");
  });

  it("otherwise the user token without its quotes", async () => {
    sessionStorage.setItem("userToken", '"user-1"');
    const { calls } = mockFetch({ "POST /workspace/graphql": () => data() });
    await createGraphqlClient().query({ query: BACKEND, context: { clientName: "workspace" } });
    expect(calls[0]!.headers.authorization).toBe("Bearer user-1");
  });

  it("with neither, fetches a token first and sends it", async () => {
    const { calls } = mockFetch({
      "POST /api/oauth/token": () => json({ accessToken: "fetched" }),
      "POST /workspace/graphql": () => data(),
    });
    await createGraphqlClient().query({ query: BACKEND, context: { clientName: "workspace" } });
    expect(calls.map((c) => c.url)).toEqual(["/api/oauth/token", "/workspace/graphql"]);
    expect(calls[1]!.headers.authorization).toBe("Bearer fetched");
    expect(sessionStorage.getItem("accessToken")).toBe("fetched");
  });

  it("sends no header when no token can be had (a public query still works)", async () => {
    const { calls } = mockFetch({
      "POST /api/oauth/token": () => json({ error: "invalid_grant" }, 401),
      "POST /marketing/graphql": () => data("marketing"),
    });
    const result = await createGraphqlClient().query({ query: BACKEND });
    expect(result.data).toEqual({ backend: "marketing" });
    expect(calls[1]!.headers.authorization).toBeUndefined();
  });
});

describe("GraphQL client: refresh (mutation refresh on the auth backend) and retry once (SPEC.md §4, §7, §8)", () => {
  it.each([
    ["code 003 in a 200 answer", () => tokenError("003")],
    ["code 012 in a 401 JSON answer", () => tokenError("012", 401)],
    [
      "classification UNAUTHORIZED without a code",
      () =>
        json({
          data: null,
          errors: [{ message: "", extensions: { classification: "UNAUTHORIZED" } }],
        }),
    ],
  ])(
    "on %s: gets a new token, replaces the header, retries the same operation",
    async (_name, first) => {
      sessionStorage.setItem("accessToken", "stale");
      let attempt = 0;
      const { calls } = mockFetch({
        "POST /auth/graphql": () => json({ data: { refresh: { token: "renewed" } } }),
        "POST /payment/graphql": () => (++attempt === 1 ? first() : data("payment")),
      });
      const onRefreshFailed = vi.fn();
      const result = await createGraphqlClient({ onRefreshFailed }).query({
        query: BACKEND,
        context: { clientName: "payment" },
      });
      expect(result.data).toEqual({ backend: "payment" });
      expect(calls.map((c) => c.url)).toEqual([
        "/payment/graphql",
        "/auth/graphql",
        "/payment/graphql",
      ]);
      expect(calls[0]!.headers.authorization).toBe("Bearer stale");
      expect(calls[2]!.headers.authorization).toBe("Bearer renewed");
      expect(calls[2]!.body).toEqual(calls[0]!.body);
      expect(onRefreshFailed).not.toHaveBeenCalled();
    },
  );

  it("retries only once: a second token error is passed on", async () => {
    sessionStorage.setItem("accessToken", "stale");
    const { calls } = mockFetch({
      "POST /auth/graphql": () => json({ data: { refresh: { token: "renewed" } } }),
      "POST /payment/graphql": () => tokenError("003"),
    });
    await expect(
      createGraphqlClient().query({ query: BACKEND, context: { clientName: "payment" } }),
    ).rejects.toBeTruthy();
    expect(graphqlCalls(calls)).toHaveLength(2);
    expect(calls.filter((c) => c.url === "/auth/graphql")).toHaveLength(1);
  });

  it("shares one refresh between operations failing at the same time", async () => {
    sessionStorage.setItem("accessToken", "stale");
    const { calls } = mockFetch({
      "POST /auth/graphql": async () => {
        await new Promise((r) => setTimeout(r, 20));
        return json({ data: { refresh: { token: "renewed" } } });
      },
      "POST /payment/graphql": (call) =>
        call.headers.authorization === "Bearer renewed" ? data("payment") : tokenError("003"),
    });
    const client = createGraphqlClient();
    const Other = gql`
      query Other {
        backend
      }
    `;
    const results = await Promise.all([
      client.query({ query: BACKEND, context: { clientName: "payment" } }),
      client.query({ query: Other, context: { clientName: "payment" } }),
    ]);
    expect(results.map((r) => r.data)).toEqual([{ backend: "payment" }, { backend: "payment" }]);
    expect(calls.filter((c) => c.url === "/auth/graphql")).toHaveLength(1);
    expect(graphqlCalls(calls)).toHaveLength(4);
  });

  it("a token error answered after another operation already refreshed retries without refreshing again", async () => {
    sessionStorage.setItem("accessToken", "stale");
    let releaseSlow: () => void = () => {};
    const slowAnswered = new Promise<void>((resolve) => (releaseSlow = resolve));
    const { calls } = mockFetch({
      "POST /auth/graphql": () => json({ data: { refresh: { token: "renewed" } } }),
      "POST /payment/graphql": async (call) => {
        if (call.headers.authorization === "Bearer renewed") return data("payment");
        // The second operation's answer (with the old token) arrives after the refresh.
        if (call.body && JSON.stringify(call.body).includes("Slow")) await slowAnswered;
        return tokenError("003");
      },
    });
    const client = createGraphqlClient();
    const Slow = gql`
      query Slow {
        backend
      }
    `;
    const slow = client.query({ query: Slow, context: { clientName: "payment" } });
    await client.query({ query: BACKEND, context: { clientName: "payment" } });
    releaseSlow();
    expect((await slow).data).toEqual({ backend: "payment" });
    expect(calls.filter((c) => c.url === "/auth/graphql")).toHaveLength(1);
    expect(graphqlCalls(calls)).toHaveLength(4);
  });

  it("runs logout when no new token can be had, and passes the refresh error on", async () => {
    sessionStorage.setItem("accessToken", "stale");
    mockFetch({
      "POST /auth/graphql": () =>
        json({
          data: null,
          errors: [{ message: "refresh token expired", extensions: { code: "003" } }],
        }),
      "POST /payment/graphql": () => tokenError("012", 401),
    });
    const onRefreshFailed = vi.fn();
    const error = await createGraphqlClient({ onRefreshFailed })
      .query({ query: BACKEND, context: { clientName: "payment" } })
      .catch((e: unknown) => e);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    // SPEC.md §8: refresh errors from the auth API are thrown as they are.
    expect(error).toMatchObject({
      name: "RefreshMutationError",
      errors: [{ message: "refresh token expired", extensions: { code: "003" } }],
    });
  });

  it("does not refresh on other errors", async () => {
    sessionStorage.setItem("accessToken", "t");
    const { calls } = mockFetch({
      "POST /payment/graphql": () =>
        json(
          {
            data: null,
            errors: [{ message: "권한이 없어요", extensions: { classification: "FORBIDDEN" } }],
          },
          403,
        ),
    });
    await expect(
      createGraphqlClient().query({ query: BACKEND, context: { clientName: "payment" } }),
    ).rejects.toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(["/payment/graphql"]);
  });
});
