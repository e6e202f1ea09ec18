import { Link } from "react-router";
import { getLoginToken } from "../../../lib/credentials";
import { useRootStore } from "../../../stores/root-store";
import { FormAlert } from "./text-field";

/**
 * On a sign-in page while already signed in: who, and the way to the app. Not after a REST
 * 401/403 (SPEC.md §4), which removed the login token but not the stored auth state.
 */
export function SignedInNotice() {
  const auth = useRootStore((state) => state.auth);
  if (!auth.flag || !auth.data || getLoginToken() === null) return null;
  const who = auth.data.USER_NAME ?? auth.data.EMAIL_ID;
  return (
    <FormAlert tone="info">
      <p>{who}님으로 이미 로그인되어 있어요.</p>
      <Link to="/_app" className="btn btn--secondary">
        내 학습 공간으로 가기
      </Link>
    </FormAlert>
  );
}
