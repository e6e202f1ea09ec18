import { AuditView } from "../features/audit/components/audit-view";
import "../styles/accounts.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("감사 기록"),
    "운영팀의 처리와 로그인·권한 거부·내보내기 기록을 사람, 대상, 기간으로 찾는 페이지예요.",
  );

/** /_app/admin/audit (inside the app shell): the audit view (docs/api/audit.md). */
export default function AdminAudit() {
  return <AuditView />;
}
