import { ConsoleHome } from "../features/admin/components/console-home";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-console";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("운영 콘솔"), "운영팀이 가족과 결제를 찾고 처리할 일을 보는 콘솔이에요.");

/** /_app/admin (inside the app shell): the operations console home (issue 16). */
export default function AdminConsole() {
  return <ConsoleHome />;
}
