import { Link } from "react-router";
import { ChildSwitcherBar } from "../features/accounts/components/child-switcher";
import { useAccountSubject } from "../stores/account-subject";
import { ContractToSignCallout } from "../features/contracts/components/contract-to-sign-callout";
import { ContractsList } from "../features/contracts/components/contracts-list";
import { CurrentContract } from "../features/contracts/components/current-contract";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../features/accounts/account.css";
import "../features/payments/payments.css";
import "../features/contracts/contracts.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-contracts";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("계약서"), "결제한 수업의 계약서에 서명하고, 서명한 계약서를 보고 인쇄해요.");

/**
 * /_app/contracts: the contract waiting for a signature (계약서 서명하기) and every signed
 * contract with its printable view, for the student or the parent's chosen child.
 */
export default function AppContracts() {
  const subject = useAccountSubject();
  if (subject.kind === "guest") return <SignInRequired returnTo="/_app/contracts" what="계약서" />;
  if (subject.userNo === null) {
    return (
      <section className="app-panel" aria-labelledby="contracts-title">
        <h1 id="contracts-title">계약서를 볼 학생 계정이 없어요</h1>
        <p>계약서는 학생 계정, 또는 자녀 계정이 연결된 학부모 계정에서 볼 수 있어요.</p>
        <div className="app-panel__actions">
          <Link to="/_app" className="btn btn--primary btn--lg">
            내 학습 공간
          </Link>
        </div>
      </section>
    );
  }
  return (
    <div className="account-page">
      <h1 id="contracts-title" className="pay-page__title">
        계약서
      </h1>
      {subject.kind === "parent" ? (
        <ChildSwitcherBar
          options={subject.children}
          value={subject.userNo}
          onChange={subject.chooseChild}
          what="계약서예요"
        />
      ) : null}
      <ContractToSignCallout key={`sign-${subject.userNo}`} userId={subject.userNo} />
      <CurrentContract key={`current-${subject.userNo}`} userId={subject.userNo} />
      <ContractsList key={`list-${subject.userNo}`} userId={subject.userNo} />
    </div>
  );
}
