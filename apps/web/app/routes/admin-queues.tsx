import { QueuesView } from "../features/admin/components/queues-view";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-queues";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("대기열"), "운영팀이 처리할 일(대기열)과 건수를 보는 페이지예요.");

/** /_app/admin/queues — the console's queues (issue 16). */
export default function AdminQueues() {
  return <QueuesView />;
}
