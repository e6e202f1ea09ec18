import { useSearchParams } from "react-router";
import { RETURN_PARAM, SESSION_EXPIRED_PARAM, safeReturnPath } from "../../../lib/browser-location";
import { FormAlert } from "./text-field";

/**
 * What a sign-in page was opened with: whether the session had expired (`?expired=1`) and the
 * same-site path to return to after signing in (`?continue=`, refused unless relative), plus
 * the query to hand on to the other sign-in page.
 */
export function useSignInReturn() {
  const [params] = useSearchParams();
  const expired = params.get(SESSION_EXPIRED_PARAM) === "1";
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const handOn = new URLSearchParams();
  if (expired) handOn.set(SESSION_EXPIRED_PARAM, "1");
  if (returnTo) handOn.set(RETURN_PARAM, returnTo);
  const query = handOn.toString();
  return { expired, returnTo, query: query ? `?${query}` : "" };
}

/** On a sign-in page after the session expired: says so, and that the page comes back. */
export function SessionExpiredNotice({ returning }: { returning: boolean }) {
  return (
    <FormAlert tone="info">
      <p>
        <strong>로그인이 만료되었어요.</strong> 다시 로그인해 주세요.
        {returning ? " 로그인하면 보던 화면으로 돌아가요." : ""}
      </p>
    </FormAlert>
  );
}
