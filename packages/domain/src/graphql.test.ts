import { describe, expect, it } from "vitest";
import {
  GRAPHQL_BACKENDS,
  graphqlBackendFor,
  graphqlCredentialsFor,
  isTokenRefreshError,
  type GraphqlBackend,
  type GraphqlCredentials,
} from "./graphql.ts";

describe("graphqlBackendFor (SPEC.md §7)", () => {
  it.each(["workspace", "matching", "auth", "diagnosis", "payment", "payment-aclayer", "gateway"])(
    "routes %s to itself",
    (name) => {
      expect(graphqlBackendFor(name)).toBe(name);
    },
  );

  it.each([undefined, "", "marketing", "Payment", "unknown", "payment_aclayer"])(
    "routes %j to marketing",
    (name) => {
      expect(graphqlBackendFor(name)).toBe("marketing");
    },
  );
});

describe("graphqlCredentialsFor (SPEC.md §7)", () => {
  const expected: Record<GraphqlBackend, GraphqlCredentials> = {
    matching: "omit",
    marketing: "omit",
    diagnosis: "same-origin",
    auth: "same-origin",
    payment: "same-origin",
    gateway: "same-origin",
    workspace: "default",
    "payment-aclayer": "default",
  };
  it.each(GRAPHQL_BACKENDS.map((backend) => [backend, expected[backend]]))(
    "%s → %s",
    (backend, mode) => {
      expect(graphqlCredentialsFor(backend)).toBe(mode);
    },
  );
});

describe("isTokenRefreshError (SPEC.md §4, §8)", () => {
  it.each([
    [{ classification: "UNAUTHORIZED" }, true],
    [{ code: "003" }, true],
    [{ code: "012" }, true],
    [{ classification: "BAD_REQUEST", code: "012" }, true],
    [{ classification: "FORBIDDEN" }, false],
    [{ code: "004" }, false],
    [{ code: 3 }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])("%j → %s", (extensions, expected) => {
    expect(isTokenRefreshError(extensions)).toBe(expected);
  });
});
