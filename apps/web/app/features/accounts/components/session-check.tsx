import { useQuery } from "@apollo/client/react";
import { useEffect } from "react";
import { MeDocument } from "../../../graphql/auth.generated";

/**
 * `query me { me { userNo userType } }` on the auth backend: who the Bearer token speaks for
 * (api/accounts.auth.graphql, typed by `npm run codegen`).
 */
export const ME_QUERY = MeDocument;

/**
 * Asks the auth backend (GraphQL, clientName "auth") who the session's token speaks for, each
 * time the app shell opens. A token that expired meanwhile is refreshed and the query retried by
 * the GraphQL client (SPEC.md §4); when no token can be had, that client logs out. A token of
 * another person than the stored sign-in (e.g. after signing in elsewhere in another tab) calls
 * `onMismatch`. Renders nothing.
 */
export function SessionCheck({ userNo, onMismatch }: { userNo: number; onMismatch: () => void }) {
  const { data } = useQuery(ME_QUERY, { context: { clientName: "auth" } });
  const mismatch = data !== undefined && data.me.userNo !== userNo;
  useEffect(() => {
    if (mismatch) onMismatch();
  }, [mismatch, onMismatch]);
  return null;
}
