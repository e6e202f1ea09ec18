import { NotFoundPage } from "../components/ui/status-page";
import type { RouteHandle } from "../lib/global-style";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("페이지를 찾을 수 없어요"),
    "요청한 페이지를 찾을 수 없어요. 설탭 홈에서 다시 시작해 주세요.",
    { noindex: true },
  );

/** Any URL shows the /404 page here, so it also takes the /404 global style. */
export const handle: RouteHandle = { globalStylePath: "/404" };

export default function NotFound() {
  return <NotFoundPage />;
}
