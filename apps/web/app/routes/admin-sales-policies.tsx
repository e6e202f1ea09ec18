import { SalesPolicies } from "../features/admin/components/sales-policies";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-sales-policies";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("판매 정책"),
    "운영팀이 판매 방식의 할인 정책을 보고, 관리자가 만들거나 끄는 페이지예요.",
  );

/** /_app/admin/sales-policies — sales methods and their policies (issue #18). */
export default function AdminSalesPolicies() {
  return <SalesPolicies />;
}
