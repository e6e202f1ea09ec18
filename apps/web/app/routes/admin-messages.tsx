import { StaffOutbox } from "../features/messages/components/staff-outbox";
import "../styles/accounts.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("알림 발송 내역"),
    "운영팀이 알림톡·문자 발송함(받는 사람, 문구, 상태, 발송 결과)을 확인하는 페이지예요.",
  );

/**
 * /_app/admin/messages (inside the app shell): staff's view of the message outbox
 * (docs/api/messages.md "Reading the outbox").
 */
export default function AdminMessages() {
  return <StaffOutbox />;
}
