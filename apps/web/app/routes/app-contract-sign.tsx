import { Link, useSearchParams } from "react-router";
import { useAccountSubject } from "../stores/account-subject";
import { SignContract } from "../features/contracts/components/sign-contract";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../styles/accounts.css";
import "../features/payments/payments.css";
import "../features/contracts/contracts.css";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-contract-sign";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("계약서 서명"), "결제한 수업의 계약서를 읽고 전자서명해요.");

/** A positive integer from the query, else null. */
function idParam(value: string | null): number | null {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * /_app/contracts/sign?userId= (with &paymentId= from a receipt, or ?contractId= from the list):
 * that payment's or that contract's, else the oldest contract waiting for the student's
 * signature (a parent: for the child given, else the chosen child), its full text, the name and
 * the agreement. /payment_finish links here with its payment.
 */
export default function AppContractSign() {
  const [params] = useSearchParams();
  const subject = useAccountSubject();
  const auth = useRootStore((state) => state.auth.data);
  const contractId = idParam(params.get("contractId"));
  const paymentId = idParam(params.get("paymentId"));
  if (subject.kind === "guest") {
    const query = params.toString();
    return (
      <SignInRequired
        returnTo={`/_app/contracts/sign${query ? `?${query}` : ""}`}
        what="계약서 서명"
      />
    );
  }
  const asked = idParam(params.get("userId"));
  // A parent may sign for any of their children; the server refuses anyone else's.
  const userId =
    subject.kind === "parent"
      ? (subject.children.find((c) => c.USER_NO === asked)?.USER_NO ?? subject.userNo)
      : subject.kind === "student"
        ? subject.userNo
        : asked;
  if (userId === null && contractId === null) {
    return (
      <section className="app-panel" aria-labelledby="sign-title">
        <h1 id="sign-title">서명할 계약서를 찾을 수 없어요</h1>
        <p>계약서는 학생 계정, 또는 자녀 계정이 연결된 학부모 계정에서 서명할 수 있어요.</p>
        <div className="app-panel__actions">
          <Link to="/_app" className="btn btn--primary btn--lg">
            내 학습 공간
          </Link>
        </div>
      </section>
    );
  }
  return (
    <SignContract
      key={`${userId}-${contractId}-${paymentId}`}
      userId={userId}
      contractId={contractId === null ? null : String(contractId)}
      paymentId={paymentId === null ? null : String(paymentId)}
      suggestedName={auth?.USER_NAME}
    />
  );
}
