import { Link } from "react-router";
import { FindPasswordFlow } from "../features/accounts/components/find-password-flow";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/find-password";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("비밀번호 찾기"), "휴대폰 인증으로 설탭 계정의 새 비밀번호를 만들어요.");

/** /find_password: 비밀번호 찾기, a new password after an SMS code to the account's phone. */
export default function FindPasswordPage() {
  return (
    <section className="auth-card" aria-labelledby="find-password-title">
      <h1 id="find-password-title" className="auth-card__title">
        비밀번호 찾기
      </h1>
      <p className="auth-card__lead">
        계정에 등록한 휴대폰 번호로 인증하고 새 비밀번호를 만들어요. 로그인이 잠겨 있어도 새
        비밀번호를 만들면 바로 로그인할 수 있어요.
      </p>
      <FindPasswordFlow />
      <ul className="auth-card__links">
        <li>
          이메일이 기억나지 않나요? <Link to="/find_email">아이디 찾기</Link>
        </li>
        <li>
          로그인 화면으로 돌아가기: <Link to="/sign_in">로그인</Link> ·{" "}
          <Link to="/parent_sign_in">학부모 로그인</Link>
        </li>
      </ul>
    </section>
  );
}
