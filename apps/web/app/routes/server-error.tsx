import { ServerErrorPage } from "../components/ui/status-page";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/server-error";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("일시적인 문제가 생겼어요"),
    "요청을 처리하는 중에 문제가 생겼어요. 잠시 후 다시 시도해 주세요.",
    { noindex: true },
  );

export default function ServerError() {
  return <ServerErrorPage />;
}
