import { Link, useNavigate } from "react-router";
import {
  SessionExpiredNotice,
  useSignInReturn,
} from "../features/accounts/components/session-expired-notice";
import { SignInForm } from "../features/accounts/components/sign-in-form";
import { SignedInNotice } from "../features/accounts/components/signed-in-notice";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/parent-sign-in";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("학부모 로그인"), "자녀의 수업과 결제를 관리하는 학부모 계정으로 로그인해요.");

/**
 * /parent_sign_in: the separate parent login (SPEC.md §1); the same call as /sign_in, and the
 * same return after an expired session.
 */
export default function ParentSignInPage() {
  const navigate = useNavigate();
  const { expired, returnTo, query } = useSignInReturn();
  return (
    <section className="auth-card" aria-labelledby="parent-sign-in-title">
      <h1 id="parent-sign-in-title" className="auth-card__title">
        학부모 로그인
      </h1>
      <p className="auth-card__lead">
        자녀의 수업, 결제와 계약을 확인하는 학부모 계정으로 로그인해 주세요.
      </p>
      {expired ? <SessionExpiredNotice returning={returnTo !== null} /> : <SignedInNotice />}
      <SignInForm
        page="parent"
        handOnQuery={query}
        onSignedIn={() => void navigate(returnTo ?? "/_app", { replace: true })}
      />
      <ul className="auth-card__links">
        <li>
          학생·선생님이신가요? <Link to={`/sign_in${query}`}>학생·선생님 로그인</Link>
        </li>
        <li>
          학부모 계정이 없으신가요? <Link to="/JoinPage?type=PARENT">학부모 회원가입</Link>
        </li>
      </ul>
    </section>
  );
}
