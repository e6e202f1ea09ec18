import { Link, useSearchParams } from "react-router";
import { RETURN_PARAM, browserLocation, safeReturnPath } from "../lib/browser-location";
import { continueTarget } from "../lib/login";
import { SignInForm } from "../features/accounts/components/sign-in-form";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/accounts-login";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("설탭 계정 로그인"), "설탭 계정으로 로그인하고 보던 화면으로 돌아가요.");

/** The parent sign-in page, handing on `continue` when it is a same-site path. */
function parentSignInPath(value: string | null): string {
  const back = safeReturnPath(value);
  return back
    ? `/parent_sign_in?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`
    : "/parent_sign_in";
}

/**
 * /accounts/login?continue=: the accounts service's login page (SPEC.md §2 "External"). After
 * signing in, a full page load to the continue address, which may be any page of the site.
 */
export default function AccountsLoginPage() {
  const [params] = useSearchParams();
  const returning = params.get("continue") !== null;
  return (
    <section className="auth-card" aria-labelledby="accounts-login-title">
      <h1 id="accounts-login-title" className="auth-card__title">
        설탭 계정 로그인
      </h1>
      <p className="auth-card__lead">
        {returning
          ? "로그인하면 보던 화면으로 돌아가요."
          : "학생, 선생님, 학부모 모두 같은 계정으로 로그인해요."}
      </p>
      <SignInForm
        onSignedIn={() =>
          browserLocation.assign(continueTarget(params.get("continue"), window.location.origin))
        }
      />
      <ul className="auth-card__links">
        <li>
          학부모님이신가요? <Link to={parentSignInPath(params.get("continue"))}>학부모 로그인</Link>
        </li>
        <li>
          아직 회원이 아니신가요? <Link to="/JoinPage">회원가입</Link>
        </li>
      </ul>
    </section>
  );
}
