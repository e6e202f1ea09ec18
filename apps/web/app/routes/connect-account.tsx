import { SERVICE_NAMES } from "@seoltab/domain/family-accounts";
import { useSearchParams } from "react-router";
import { ConnectAccountFlow } from "../features/family-accounts/components/connect-account-flow";
import "../styles/accounts.css";
import "../features/family-accounts/family.css";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/connect-account";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("계정 연동"), "설탭과 오누이 질문답변 계정을 연동해 한 번에 로그인해요.");

/**
 * /connect_account (SPEC.md §2, §4; issue 15). From the other service it comes with
 * `?from=QUESTION&ticket=<its proof>` (reverse flow); otherwise the signed-in person links their
 * 오누이 질문답변 account (forward flow).
 */
export default function ConnectAccount() {
  const [params] = useSearchParams();
  const signedIn = useRootStore((s) => s.auth.flag && s.auth.data !== null);
  const fromTicket = params.get("from") === "QUESTION" ? params.get("ticket") : null;
  return (
    <div className="family-page">
      <h1 className="family-page__title">계정 연동</h1>
      <p className="family-page__lead">
        {SERVICE_NAMES.LECTURE}와 {SERVICE_NAMES.QUESTION} 계정을 연동하면 한 번의 로그인으로 두
        서비스를 함께 쓸 수 있어요. 결제와 학습 기록은 합쳐지지 않아요.
      </p>
      <ConnectAccountFlow signedIn={signedIn} fromTicket={fromTicket} />
    </div>
  );
}
