import { afterEach, describe, expect, it, vi } from "vitest";
import { useRootStore } from "../stores/root-store";
import { fakeJwt, json, mockFetch } from "../test/fetch-mock";
import {
  EXPIRY_MARGIN_MS,
  RefreshMutationError,
  TokenError,
  fetchAccessToken,
  isTokenExpired,
  refreshAccessToken,
  refreshWithMutation,
  tokenExpiresAt,
} from "./token-client";

afterEach(() => {
  vi.unstubAllGlobals();
  useRootStore.getState().reset();
});

describe("POST /api/oauth/token", () => {
  it("sends grant_type=refresh_token with credentials included and returns accessToken", async () => {
    const { calls } = mockFetch({ "POST /api/oauth/token": () => json({ accessToken: "new" }) });
    await expect(fetchAccessToken()).resolves.toBe("new");
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/oauth/token",
      credentials: "include",
      body: "grant_type=refresh_token",
    });
    expect(calls[0]!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    // Stores nothing by itself.
    expect(sessionStorage.getItem("accessToken")).toBeNull();
  });

  it("throws a TokenError when there is no token to be had", async () => {
    mockFetch({ "POST /api/oauth/token": () => json({ error: "invalid_grant" }, 401) });
    await expect(fetchAccessToken()).rejects.toMatchObject({ status: 401, code: "invalid_grant" });
    mockFetch({ "POST /api/oauth/token": () => json({}, 200) });
    await expect(fetchAccessToken()).rejects.toBeInstanceOf(TokenError);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    await expect(fetchAccessToken()).rejects.toMatchObject({ status: 0, code: "network_error" });
  });
});

describe("refreshAccessToken", () => {
  it("stores the new token in sessionStorage and the auth state", async () => {
    mockFetch({ "POST /api/oauth/token": () => json({ accessToken: "fresh" }) });
    await expect(refreshAccessToken()).resolves.toBe("fresh");
    expect(sessionStorage.getItem("accessToken")).toBe("fresh");
    expect(useRootStore.getState().auth.accessToken).toBe("fresh");
  });

  it("shares one request between concurrent callers (refresh tokens rotate)", async () => {
    let release: () => void = () => undefined;
    const { calls } = mockFetch({
      "POST /api/oauth/token": () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ accessToken: "shared" }));
        }),
    });
    const all = Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await expect(all).resolves.toEqual(["shared", "shared", "shared"]);
    expect(calls).toHaveLength(1);
    // Once settled, the next refresh is a new request.
    mockFetch({ "POST /api/oauth/token": () => json({ accessToken: "next" }) });
    await expect(refreshAccessToken()).resolves.toBe("next");
  });
});

describe("mutation refresh { refresh { token } }", () => {
  it("posts to the auth backend with credentials and returns data.refresh.token", async () => {
    const { calls } = mockFetch({
      "POST /auth/graphql": () => json({ data: { refresh: { token: "gql-token" } } }),
    });
    await expect(refreshWithMutation()).resolves.toBe("gql-token");
    expect(calls[0]).toMatchObject({ url: "/auth/graphql", credentials: "include" });
    expect((calls[0]!.body as { query: string }).query).toBe(
      "mutation refresh { refresh { token } }",
    );
  });

  it("throws the server's errors as they are", async () => {
    const errors = [{ message: "", extensions: { classification: "UNAUTHORIZED", code: "012" } }];
    mockFetch({ "POST /auth/graphql": () => json({ data: null, errors }, 401) });
    const error = (await refreshWithMutation().catch((e: unknown) => e)) as RefreshMutationError;
    expect(error).toBeInstanceOf(RefreshMutationError);
    expect(error.errors).toEqual(errors);
  });
});

describe("token expiry (client-side reading only)", () => {
  it("reads exp from a JWT and allows a safety margin", () => {
    const now = Date.UTC(2026, 0, 1);
    const token = (secondsFromNow: number) =>
      fakeJwt({ exp: Math.floor(now / 1000) + secondsFromNow, sub: "7", name: "김하늘" });
    expect(tokenExpiresAt(token(100))).toBe(now + 100_000);
    expect(isTokenExpired(token(-1), now)).toBe(true);
    expect(isTokenExpired(token(EXPIRY_MARGIN_MS / 1000 - 1), now)).toBe(true);
    expect(isTokenExpired(token(EXPIRY_MARGIN_MS / 1000 + 60), now)).toBe(false);
  });

  it("does not judge tokens it cannot read", () => {
    expect(tokenExpiresAt("opaque")).toBeNull();
    expect(isTokenExpired("a.b.c", Date.now())).toBe(false);
    expect(isTokenExpired(fakeJwt({ sub: "1" }), Date.now())).toBe(false);
  });
});
