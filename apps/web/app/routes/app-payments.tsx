import { ChildSwitcherBar } from "../features/accounts/components/child-switcher";
import { useAccountSubject } from "../stores/account-subject";
import { PaymentsList } from "../features/payments/components/payments-list";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../features/accounts/account.css";
import "../features/payments/payments.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-payments";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("내 결제 내역"), "지금까지 결제한 내역과 영수증을 확인하고 환불을 요청해요.");

/**
 * /_app/payments: the signed-in person's payments, each with its receipt and refund action. A
 * parent picks the child (child switcher) and sees that child's payments (userPayments(userId)).
 */
export default function AppPayments() {
  const subject = useAccountSubject();
  if (subject.kind === "guest") {
    return <SignInRequired returnTo="/_app/payments" what="결제 내역" />;
  }
  if (subject.kind === "parent" && subject.userNo !== null) {
    return (
      <PaymentsList
        userId={subject.userNo}
        intro={
          <ChildSwitcherBar
            options={subject.children}
            value={subject.userNo}
            onChange={subject.chooseChild}
            what="결제 내역이에요"
          />
        }
      />
    );
  }
  return <PaymentsList />;
}
