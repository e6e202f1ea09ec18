import { graphqlBackendFor, graphqlCredentialsFor, GRAPHQL_BACKENDS } from "@seoltab/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setAppConfigBlock } from "../features/marketing-analytics/test-helpers";
import { resetAppConfigCache } from "./app-config";
import {
  accountsLoginUrl,
  baseUrls,
  DEFAULT_BASE_URLS,
  graphqlEndpoint,
  parseBaseUrls,
  resetBaseUrlsCache,
  restUrl,
  tokenEndpoint,
} from "./base-urls";
import { createGraphqlClient } from "./graphql-client";
import { REST_CREDENTIALS, restRequest } from "./rest-client";
import { fetchAccessToken, refreshWithMutation } from "./token-client";
import { gql } from "@apollo/client";

afterEach(() => {
  document.getElementById("app-config")?.remove();
  resetBaseUrlsCache();
  resetAppConfigCache();
  vi.unstubAllGlobals();
});

const DEPLOYED = {
  appEnv: "stage",
  baseUrls: {
    accounts: "https://accounts.stage.seoltab.example/",
    authApi: "https://auth.stage.seoltab.example",
    main: "https://api.stage.seoltab.example/main",
    serverless: "https://fn.stage.seoltab.example",
    hub: "/hub",
    graphql: "https://gql.stage.seoltab.example",
  },
};

function okJson(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

describe("base addresses per environment in the browser (SPEC.md §7)", () => {
  it("defaults to same-origin paths without the api's block", () => {
    expect(baseUrls()).toEqual(DEFAULT_BASE_URLS);
    expect(restUrl("main", "/login")).toBe("/main/login");
    expect(graphqlEndpoint("payment")).toBe("/payment/graphql");
    expect(tokenEndpoint()).toBe("/api/oauth/token");
    expect(accountsLoginUrl("/_app/checkout")).toBe("/accounts/login?continue=%2F_app%2Fcheckout");
  });

  it("uses the configured bases: accounts host and auth API host overridden", () => {
    setAppConfigBlock(DEPLOYED);
    expect(accountsLoginUrl()).toBe("https://accounts.stage.seoltab.example/login");
    expect(tokenEndpoint()).toBe("https://auth.stage.seoltab.example/api/oauth/token");
    expect(restUrl("main", "/getTaxonomy")).toBe(
      "https://api.stage.seoltab.example/main/getTaxonomy",
    );
    expect(restUrl("serverless", "/change_password")).toBe(
      "https://fn.stage.seoltab.example/change_password",
    );
    expect(restUrl("hub", "/request-form/cancel")).toBe("/hub/request-form/cancel");
    expect(graphqlEndpoint("auth")).toBe("https://gql.stage.seoltab.example/auth/graphql");
  });

  it("refuses unsafe values (javascript:, protocol-relative, queries) for the default", () => {
    expect(
      parseBaseUrls({ accounts: "javascript:alert(1)", main: "//evil.example", hub: "/hub?x=1" }),
    ).toEqual(DEFAULT_BASE_URLS);
  });

  it("the clients call the configured hosts with each backend's credentials", async () => {
    setAppConfigBlock(DEPLOYED);
    const calls: { url: string; credentials: RequestCredentials | undefined }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url =
          typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        calls.push({ url, credentials: init?.credentials });
        if (url.endsWith("/api/oauth/token")) return okJson({ accessToken: "t" });
        if (url.endsWith("/auth/graphql")) return okJson({ data: { refresh: { token: "t2" } } });
        if (url.includes("/graphql")) return okJson({ data: { ping: "ok" } });
        return okJson({ ONUEI_RES: { STATUS: {}, DATA: { RESULT: "SUCCESS", RESPONSE: {} } } });
      }),
    );
    await fetchAccessToken();
    await refreshWithMutation();
    await restRequest("main", "/getTaxonomy", { body: {}, auth: false });
    await restRequest("serverless", "/get_user_by_parent_number", { body: {}, auth: false });
    const client = createGraphqlClient({ fetch: (i, init) => fetch(i, init) });
    for (const backend of GRAPHQL_BACKENDS) {
      await client.query({
        query: gql`
          query ping {
            ping
          }
        `,
        context: { clientName: backend },
      });
    }
    expect(calls.slice(0, 4)).toEqual([
      { url: "https://auth.stage.seoltab.example/api/oauth/token", credentials: "include" },
      { url: "https://gql.stage.seoltab.example/auth/graphql", credentials: "include" },
      {
        url: "https://api.stage.seoltab.example/main/getTaxonomy",
        credentials: REST_CREDENTIALS.main,
      },
      { url: "https://fn.stage.seoltab.example/get_user_by_parent_number", credentials: "omit" },
    ]);
    const gqlCalls = calls.filter(
      (c) => c.url.startsWith("https://gql.") && !c.url.includes("/auth/graphql"),
    );
    const authCall = calls
      .filter((c) => c.url === "https://gql.stage.seoltab.example/auth/graphql")
      .at(-1);
    const table = Object.fromEntries(
      [...gqlCalls, authCall!].map((c) => [c.url.split("/").at(-2), c.credentials ?? "default"]),
    );
    // SPEC.md §7: omit for matching and marketing, same-origin for diagnosis, auth, payment and
    // gateway, default (option unset) for workspace and payment-aclayer.
    expect(table).toEqual({
      matching: "omit",
      marketing: "omit",
      diagnosis: "same-origin",
      auth: "same-origin",
      payment: "same-origin",
      gateway: "same-origin",
      workspace: "default",
      "payment-aclayer": "default",
    });
    for (const backend of GRAPHQL_BACKENDS) {
      expect(graphqlCredentialsFor(graphqlBackendFor(backend))).toBe(table[backend]);
    }
  });
});
