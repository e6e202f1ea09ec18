import { Link } from "react-router";
import { FindEmailFlow } from "../features/accounts/components/find-email-flow";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/find-email";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("아이디 찾기"), "가입할 때 인증한 휴대폰 번호로 설탭 계정 이메일을 찾아요.");

/** /find_email: 아이디 찾기 by the phone the account verified (issue #11). */
export default function FindEmailPage() {
  return (
    <section className="auth-card" aria-labelledby="find-email-title">
      <h1 id="find-email-title" className="auth-card__title">
        아이디 찾기
      </h1>
      <p className="auth-card__lead">
        가입할 때 인증한 휴대폰 번호로 인증하면, 그 번호로 가입한 계정의 이메일을 알려 드려요.
      </p>
      <FindEmailFlow />
      <ul className="auth-card__links">
        <li>
          비밀번호가 기억나지 않나요? <Link to="/find_password">비밀번호 찾기</Link>
        </li>
        <li>
          로그인 화면으로 돌아가기: <Link to="/sign_in">로그인</Link> ·{" "}
          <Link to="/parent_sign_in">학부모 로그인</Link>
        </li>
      </ul>
    </section>
  );
}
