/**
 * The GraphQL client: Apollo Client 4 (SPEC.md §4 "Session authorization", §7 "GraphQL", §8;
 * reference/INTEGRATIONS.md §8). Import it from app routes only: it keeps Apollo (and rxjs,
 * graphql) out of the prerendered marketing pages' bundles (app/bundle-boundary.test.ts).
 *
 * - Routing: `context.clientName` picks the backend (workspace, matching, auth, diagnosis,
 *   payment, payment-aclayer, gateway; anything else marketing), URL `/{backend}/graphql`,
 *   fetch credentials per backend (graphqlCredentialsFor).
 * - Auth: every request carries the access token, or else the user token without quotes, as
 *   Bearer; with neither, a token is fetched first.
 * - Errors: classification UNAUTHORIZED or code 003/012 → a new token from `mutation refresh` on
 *   the auth backend (SPEC.md §7; one shared request for concurrent failures), the header
 *   replaced, the same operation retried once. If no token can
 *   be had, logout runs and the refresh error is passed on as it is.
 * - Default fetch policy: network-only.
 */
import {
  ApolloClient,
  ApolloLink,
  CombinedGraphQLErrors,
  HttpLink,
  InMemoryCache,
  ServerError,
  type ErrorLike,
} from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import {
  GRAPHQL_BACKENDS,
  graphqlBackendFor,
  graphqlCredentialsFor,
  isTokenRefreshError,
  type GraphqlBackend,
  type GraphqlErrorExtensions,
} from "@seoltab/domain";
import { from, switchMap } from "rxjs";
import { graphqlEndpoint } from "./base-urls";
import { useAdminStore } from "../stores/admin-store";
import { bearer, graphqlBearerToken } from "./credentials";
import { logout, onLogout } from "./logout";
import { isPageUnloading } from "./page-unload";
import { refreshAccessToken } from "./token-client";

declare module "@apollo/client" {
  interface DefaultContext {
    /** Which backend serves the operation (SPEC.md §7); missing or unknown: marketing. */
    clientName?: string;
    /** Set on the one retry after a token refresh, so a second failure is not retried. */
    tokenRetried?: boolean;
    headers?: Record<string, string>;
  }
}

/**
 * The endpoint of a backend: `{GRAPHQL_BASE_URL}/{backend}/graphql`, `/{backend}/graphql` on
 * this origin by default (DESIGN.md §2; lib/base-urls.ts).
 */
export function graphqlUri(backend: GraphqlBackend): string {
  return graphqlEndpoint(backend);
}

/** Error objects of a failed request: GraphQL errors, or those inside a non-2xx JSON body. */
function errorExtensions(error: ErrorLike): (GraphqlErrorExtensions | undefined)[] {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.map((e) => e.extensions as GraphqlErrorExtensions | undefined);
  }
  if (ServerError.is(error)) {
    // A 401 answered as application/json reaches us as a ServerError with the body as text.
    try {
      const body = JSON.parse(error.bodyText) as { errors?: { extensions?: unknown }[] };
      return (body.errors ?? []).map((e) => e.extensions as GraphqlErrorExtensions | undefined);
    } catch {
      return [];
    }
  }
  return [];
}

/**
 * True when the error means "refresh the token and retry" (SPEC.md §4, §8): any of its GraphQL
 * errors has classification UNAUTHORIZED or code 003/012.
 */
export function needsTokenRefresh(error: ErrorLike): boolean {
  return errorExtensions(error).some((extensions) => isTokenRefreshError(extensions));
}

export interface GraphqlClientOptions {
  /**
   * Called when no new token could be had after a token error; default: logout as an expired
   * session (/sign_in says so and returns to this page afterwards).
   */
  onRefreshFailed?: () => void | Promise<void>;
  /** fetch to use (tests); default the global fetch at request time. */
  fetch?: typeof fetch;
}

/** The Bearer token for a request; with none stored, fetches one first (SPEC.md §4). */
async function tokenForRequest(): Promise<string | null> {
  const stored = graphqlBearerToken();
  if (stored) return stored;
  try {
    return await refreshAccessToken();
  } catch {
    // No session (e.g. a public marketing query): send the request without a token.
    return null;
  }
}

/** A new Apollo client wired as described at the top of this file. */
export function createGraphqlClient(options: GraphqlClientOptions = {}): ApolloClient {
  // A refresh cut off because the page is being left says nothing about the session.
  const onRefreshFailed =
    options.onRefreshFailed ?? (() => (isPageUnloading() ? undefined : logout({ expired: true })));
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));

  const httpLinks = Object.fromEntries(
    GRAPHQL_BACKENDS.map((backend) => {
      const credentials = graphqlCredentialsFor(backend);
      return [
        backend,
        new HttpLink({
          uri: graphqlUri(backend),
          fetch: fetchImpl,
          // "default": leave the option unset (SPEC.md §7 wording; fetch's own default).
          ...(credentials === "default" ? {} : { credentials }),
        }),
      ];
    }),
  ) as Record<GraphqlBackend, HttpLink>;

  const routeLink = new ApolloLink((operation, forward) =>
    httpLinks[graphqlBackendFor(operation.getContext().clientName)].request(operation, forward),
  );

  const authLink = new SetContextLink(async (prevContext) => {
    const token = await tokenForRequest();
    const headers: Record<string, string> = { ...prevContext.headers };
    if (token) headers.authorization = bearer(token);
    else delete headers.authorization;
    // A staff member's open "view as this family" session: the server refuses mutations.
    const viewAsToken = useAdminStore.getState().adminToken;
    if (viewAsToken) headers["x-view-as-token"] = viewAsToken;
    else delete headers["x-view-as-token"];
    return { headers };
  });

  const errorLink = new ErrorLink(({ error, operation, forward }) => {
    if (operation.getContext().tokenRetried || !needsTokenRefresh(error)) return;
    // Another request may have refreshed while this one was in flight with the old token
    // (the app home asks two backends at once): retry with the stored token instead of
    // refreshing a second time.
    const sent = (operation.getContext().headers as Record<string, string> | undefined)
      ?.authorization;
    const stored = graphqlBearerToken();
    const newToken =
      stored && sent && bearer(stored) !== sent
        ? Promise.resolve(stored)
        : refreshAccessToken("mutation").catch(async (refreshError: unknown) => {
            await onRefreshFailed();
            throw refreshError;
          });
    return from(newToken).pipe(
      switchMap((token) => {
        operation.setContext(({ headers }) => ({
          headers: { ...headers, authorization: bearer(token) },
          tokenRetried: true,
        }));
        return forward(operation);
      }),
    );
  });

  const client = new ApolloClient({
    link: ApolloLink.from([errorLink, authLink, routeLink]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: "network-only" },
      query: { fetchPolicy: "network-only" },
    },
  });
  return client;
}

let shared: ApolloClient | null = null;

/** The app's one GraphQL client; its cache is cleared on logout. */
export function getGraphqlClient(): ApolloClient {
  if (!shared) {
    const client = createGraphqlClient();
    onLogout(() => client.clearStore());
    shared = client;
  }
  return shared;
}
