import { SERVICE_NAMES } from "@seoltab/domain/family-accounts";
import { Link } from "react-router";
import "../features/family-accounts/family.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/active-account-finish";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("계정 연동 완료"), "계정 연동이 끝났어요.");

/** /active_account_finish (SPEC.md §2, §4 "the reverse success redirects to /active_account_finish"). */
export default function ActiveAccountFinish() {
  return (
    <div className="family-page">
      <section className="family-card" aria-labelledby="active-finish-title">
        <h1 id="active-finish-title" className="family-page__title">
          계정 연동이 완료되었어요
        </h1>
        <p>
          {SERVICE_NAMES.QUESTION} 계정과 {SERVICE_NAMES.LECTURE} 계정이 연결되었어요. 이제 한 번의
          로그인으로 두 서비스를 함께 쓸 수 있어요. 결제와 학습 기록은 서비스마다 따로 관리돼요.
        </p>
        <div className="family-actions">
          <Link to="/sign_in" className="btn btn--primary btn--lg">
            설탭 로그인
          </Link>
          <Link to="/" className="btn btn--secondary btn--lg">
            설탭 홈으로
          </Link>
        </div>
      </section>
    </div>
  );
}
