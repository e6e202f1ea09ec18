import type { ReactNode } from "react";
import { Link } from "react-router";
import { SignInRequired } from "../../payments/components/sign-in-required";
import { useRootStore, type LoginResponse } from "../../../stores/root-store";

/**
 * The family pages are a parent's: signed out → the way to sign in and come back; another kind of
 * account → what the page is for and where to go. Otherwise renders `children(auth)`.
 */
export function ParentGate({
  returnTo,
  what,
  children,
}: {
  returnTo: string;
  what: string;
  children: (auth: LoginResponse) => ReactNode;
}) {
  const auth = useRootStore((state) => (state.auth.flag ? state.auth.data : null));
  if (!auth) return <SignInRequired returnTo={returnTo} what={what} />;
  if (auth.USER_TYPE !== "PARENT") {
    return (
      <section className="app-panel" aria-labelledby="parent-only-title">
        <h1 id="parent-only-title">보호자 계정 전용이에요</h1>
        <p>자녀 계정 관리는 보호자 계정으로 로그인해야 할 수 있어요.</p>
        <div className="app-panel__actions">
          <Link to="/parent_sign_in" className="btn btn--primary btn--lg">
            보호자 로그인
          </Link>
          <Link to="/_app" className="btn btn--secondary btn--lg">
            내 홈으로
          </Link>
        </div>
      </section>
    );
  }
  return <>{children(auth)}</>;
}
