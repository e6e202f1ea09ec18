import { useSearchParams } from "react-router";
import { JoinFlow } from "../features/accounts/components/join-flow";
import { ParentConsentFlow } from "../features/accounts/components/parent-consent-flow";
import { JOIN_USER_TYPES, type JoinUserType } from "../features/accounts/schemas";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("회원가입"), "설탭 학생, 선생님, 학부모 회원으로 가입해요.");

function userTypeParam(value: string | null): JoinUserType | null {
  return JOIN_USER_TYPES.find((type) => type === value) ?? null;
}

/**
 * /JoinPage (light global style): the join flow; `?type=STUDENT|TEACHER|PARENT` preselects the
 * user type. `?step=parent_consent&child=<USER_NO>&ticket=<signed ticket>` (the link texted to
 * the parent) is the parent's consent for an under-14 child's account.
 */
export default function JoinPage() {
  const [params] = useSearchParams();
  if (params.get("step") === "parent_consent") {
    return (
      <ParentConsentFlow childParam={params.get("child")} ticketParam={params.get("ticket")} />
    );
  }
  return (
    <JoinFlow key={params.get("type") ?? ""} initialType={userTypeParam(params.get("type"))} />
  );
}
