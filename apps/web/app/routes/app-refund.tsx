import { useParams } from "react-router";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import { RefundRequest } from "../features/refunds/components/refund-request";
import "../styles/accounts.css";
import "../features/payments/payments.css";
import "../features/refunds/refunds.css";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-refund";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("환불 요청"), "돌려받을 금액과 환불 기준을 확인하고 환불을 요청해요.");

/**
 * /_app/payments/:paymentId/refund (issue #5 "Refunds"): what the law gives back for the
 * payment, how (card at once, or staff), and the request. The server decides who may ask
 * (the student, their parent, staff); anyone else reads its refusal with the way back.
 */
export default function AppRefund() {
  const { paymentId = "" } = useParams();
  const signedIn = useRootStore((state) => state.auth.flag && state.auth.data !== null);
  if (!signedIn) {
    return (
      <SignInRequired
        returnTo={`/_app/payments/${encodeURIComponent(paymentId)}/refund`}
        what="환불 요청"
      />
    );
  }
  return <RefundRequest key={paymentId} paymentId={paymentId} />;
}
