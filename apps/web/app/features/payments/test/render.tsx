import { ApolloProvider } from "@apollo/client/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { createGraphqlClient } from "../../../lib/graphql-client";
import { json, type RecordedCall } from "../../../test/fetch-mock";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** Renders `ui` at `path` with a real GraphQL client (fetch mocked by the test) and a router. */
export function renderWithApollo(ui: ReactNode, path = "/_app/checkout") {
  sessionStorage.setItem("accessToken", "test-token");
  const client = createGraphqlClient({ onRefreshFailed: () => undefined });
  const Stub = createRoutesStub([
    { path, Component: () => <ApolloProvider client={client}>{ui}</ApolloProvider> },
    { path: "/home_pre_member", Component: Where },
    { path: "/payment_finish", Component: Where },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** A /payment/graphql handler answering by operation name. */
export function graphqlByOperation(
  answers: Record<string, (variables: Record<string, unknown>) => Response | unknown>,
) {
  return (call: RecordedCall) => {
    const body = call.body as { operationName?: string; variables?: Record<string, unknown> };
    const answer = answers[body.operationName ?? ""];
    if (!answer) return json({ errors: [{ message: `not mocked: ${body.operationName}` }] });
    const result = answer(body.variables ?? {});
    return result instanceof Response ? result : json({ data: result });
  };
}

/** A GraphQL error answer (HTTP 200, data null). */
export function graphqlError(message: string, extensions: Record<string, unknown> = {}) {
  return json({ data: null, errors: [{ message, extensions }] });
}
