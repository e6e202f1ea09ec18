import { withParticle } from "@seoltab/domain";
import { Link } from "react-router";

/** The sign-in page that comes back to `path` afterwards (/accounts/login?continue=). */
export function signInPath(path: string): string {
  return `/accounts/login?continue=${encodeURIComponent(path)}`;
}

/** Shown on a payment page opened while signed out: why, and the way to sign in and return. */
export function SignInRequired({ returnTo, what }: { returnTo: string; what: string }) {
  return (
    <section className="app-panel" aria-labelledby="sign-in-required-title">
      <h1 id="sign-in-required-title">로그인이 필요해요</h1>
      <p>
        {withParticle(what, "은/는")} 로그인한 뒤에 볼 수 있어요. 로그인하면 이 화면으로 돌아와요.
      </p>
      <div className="app-panel__actions">
        <Link to={signInPath(returnTo)} className="btn btn--primary btn--lg">
          로그인하기
        </Link>
        <Link to="/" className="btn btn--secondary btn--lg">
          설탭 홈으로
        </Link>
      </div>
    </section>
  );
}
