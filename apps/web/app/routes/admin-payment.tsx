import { PaymentView } from "../features/admin/components/payment-view";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-payment";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("결제 정보"),
    "운영팀이 결제 항목, 상태 기록, 환불을 보고 처리하는 페이지예요.",
  );

/** /_app/admin/payments/:paymentId — the payment page of the console (issue 16). */
export default function AdminPayment({ params }: Route.ComponentProps) {
  return <PaymentView key={params.paymentId} paymentId={Number(params.paymentId)} />;
}
