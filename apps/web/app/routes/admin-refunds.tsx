import { RefundQueue } from "../features/admin/components/refund-queue";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-refunds";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("환불 결정"),
    "운영팀이 환불 요청을 법정 환불액과 함께 보고 결정하는 페이지예요.",
  );

/** /_app/admin/refunds — the refund decision queue (issue 16). */
export default function AdminRefunds() {
  return <RefundQueue />;
}
