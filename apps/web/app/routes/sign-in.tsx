import { Link, useNavigate } from "react-router";
import {
  SessionExpiredNotice,
  useSignInReturn,
} from "../features/accounts/components/session-expired-notice";
import { SignInForm } from "../features/accounts/components/sign-in-form";
import { SignedInNotice } from "../features/accounts/components/signed-in-notice";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("로그인"), "설탭 학생·선생님 계정으로 로그인해요.");

/**
 * /sign_in: students and tutors sign in (SPEC.md §2); parents have their own page. After an
 * expired session (`?expired=1&continue=`) it says so and returns to the page afterwards.
 */
export default function SignInPage() {
  const navigate = useNavigate();
  const { expired, returnTo, query } = useSignInReturn();
  return (
    <section className="auth-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="auth-card__title">
        로그인
      </h1>
      <p className="auth-card__lead">학생·선생님 계정의 이메일과 비밀번호를 입력해 주세요.</p>
      {expired ? <SessionExpiredNotice returning={returnTo !== null} /> : <SignedInNotice />}
      <SignInForm
        page="student"
        handOnQuery={query}
        onSignedIn={() => void navigate(returnTo ?? "/_app", { replace: true })}
      />
      <ul className="auth-card__links">
        <li>
          학부모님이신가요? <Link to={`/parent_sign_in${query}`}>학부모 로그인</Link>
        </li>
        <li>
          아직 회원이 아니신가요? <Link to="/JoinPage">회원가입</Link>
        </li>
      </ul>
    </section>
  );
}
