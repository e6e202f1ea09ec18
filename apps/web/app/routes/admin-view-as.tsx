import { StaffGate } from "../components/ui/staff-gate";
import { ViewAsPage } from "../features/view-as/components/view-as-page";
import "../features/view-as/view-as.css";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/admin-view-as";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("가족 화면 보기"), "직원이 가족 계정을 읽기 전용으로 봐요.", {
    noindex: true,
  });

/**
 * /_app/admin/view-as: staff's read-only "view as this family" (issue #20). Signed out: sign in
 * and come back here; signed in, the one staff gate (StaffGate).
 */
export default function AdminViewAs() {
  const auth = useRootStore((state) => state.auth);
  if (!auth.flag || !auth.data) {
    return <SignInRequired returnTo="/_app/admin/view-as" what="가족 화면 보기" />;
  }
  return (
    <StaffGate notStaff="가족 화면 보기는 직원만 쓸 수 있는 화면이에요.">
      <ViewAsPage />
    </StaffGate>
  );
}
