import { useSearchParams } from "react-router";
import { LessonRequestCallout } from "../features/lectures/components/lesson-request-callout";
import { PaymentResult } from "../features/payments/components/payment-result";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../features/payments/payments.css";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/payment-finish";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("결제 결과"), "결제 결과와 영수증을 확인해요.");

/**
 * /payment_finish?paymentId= (SPEC.md §2, §4 "Payment: success redirects to /payment_finish";
 * APP_ROUTE_PATTERNS, inside the app shell): the receipt of one payment, then the way to the
 * lesson request form of each paid lecture (issue #13).
 */
export default function PaymentFinish() {
  const [params] = useSearchParams();
  const signedIn = useRootStore((state) => state.auth.flag && state.auth.data !== null);
  const paymentId = params.get("paymentId");
  if (!signedIn) {
    return (
      <SignInRequired
        returnTo={`/payment_finish${paymentId ? `?paymentId=${encodeURIComponent(paymentId)}` : ""}`}
        what="결제 결과"
      />
    );
  }
  return (
    <PaymentResult
      paymentId={paymentId}
      afterPaid={(lines) => <LessonRequestCallout lectureLineIds={lines} />}
    />
  );
}
