import { PaymentsList } from "../features/payments/components/payments-list";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../features/payments/payments.css";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-payments";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("내 결제 내역"), "지금까지 결제한 내역과 영수증을 확인해요.");

/** /_app/payments: the signed-in person's payments (a parent: their children's). */
export default function AppPayments() {
  const signedIn = useRootStore((state) => state.auth.flag && state.auth.data !== null);
  if (!signedIn) return <SignInRequired returnTo="/_app/payments" what="결제 내역" />;
  return <PaymentsList />;
}
