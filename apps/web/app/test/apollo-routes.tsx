import { ApolloProvider } from "@apollo/client/react";
import { render } from "@testing-library/react";
import type { ComponentType, ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { ModalHost } from "../components/ui/modal-host";
import { createGraphqlClient } from "../lib/graphql-client";

/** Shows where the router is (path and query), for tests that follow a navigation. */
export function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/**
 * Renders `ui` at `path` (matched by `pattern`, default `path`) inside a router with a real
 * GraphQL client (fetch mocked by the test) and the modal host; every other path shows Where.
 * `pages` adds route modules at other patterns.
 */
export function renderWithApolloRoutes(
  ui: ReactNode,
  path: string,
  options: { pattern?: string; pages?: Record<string, ComponentType> } = {},
) {
  sessionStorage.setItem("accessToken", "test-token");
  const client = createGraphqlClient({ onRefreshFailed: () => undefined });
  const wrap = (node: ReactNode) => (
    <ApolloProvider client={client}>
      {node}
      <ModalHost />
    </ApolloProvider>
  );
  const Stub = createRoutesStub([
    { path: options.pattern ?? path.split("?")[0]!, Component: () => wrap(ui) },
    ...Object.entries(options.pages ?? {}).map(([pattern, Page]) => ({
      path: pattern,
      Component: () => wrap(<Page />),
    })),
    { path: "*", Component: Where },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
