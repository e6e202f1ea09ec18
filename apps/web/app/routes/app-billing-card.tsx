import { Link } from "react-router";
import { useAccountSubject } from "../stores/account-subject";
import { BillingCardPanel } from "../features/payments/components/billing-card-panel";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../styles/accounts.css";
import "../features/payments/payments.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-billing-card";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("결제 카드 관리"), "정기결제에 쓰는 결제 카드를 확인하고 바꿔요.");

/**
 * /_app/billing-card: the main billing card (SPEC.md §3) with register / change. A parent
 * manages the card of the child they act for (stores/acting-child-store, the one chosen on the
 * account or enrollment pages; the first child by default).
 */
export default function AppBillingCard() {
  const buyer = useAccountSubject();
  if (buyer.kind === "guest") {
    return <SignInRequired returnTo="/_app/billing-card" what="결제 카드" />;
  }
  if (buyer.kind === "other" || buyer.userNo === null) {
    return (
      <section className="app-panel" aria-labelledby="billing-card-title">
        <h1 id="billing-card-title">결제 카드를 등록할 학생 계정이 없어요</h1>
        <p>결제 카드는 학생 계정, 또는 자녀 계정이 연결된 학부모 계정에서 관리해요.</p>
        <div className="app-panel__actions">
          <Link to="/_app" className="btn btn--primary btn--lg">
            내 학습 공간
          </Link>
        </div>
      </section>
    );
  }
  const childName =
    buyer.kind === "parent"
      ? buyer.children.find((c) => c.USER_NO === buyer.userNo)?.USER_NAME
      : null;
  return (
    <div className="pay-page pay-page--narrow">
      <header className="pay-page__head">
        <h1 className="pay-page__title">결제 카드 관리</h1>
        <p className="pay-page__lead">
          {childName ? `${childName} 학생의 ` : ""}정기결제와 자동 결제에 쓰는 카드예요.
        </p>
      </header>
      <BillingCardPanel
        key={buyer.userNo}
        userId={buyer.kind === "parent" ? buyer.userNo : undefined}
        title="등록된 결제 카드"
        registerType=""
        changeType=""
      />
      <p className="pay-page__back">
        <Link to="/_app/payments">내 결제 내역 보기</Link>
      </p>
    </div>
  );
}
