import { ParentGate } from "../features/family-accounts/components/parent-gate";
import { StudentsOverview } from "../features/family-accounts/components/students-overview";
import "../styles/accounts.css";
import "../features/family-accounts/family.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/view-student-account";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("자녀 계정"), "자녀의 수업, 다음 수업, 결제, 계약, 결제 카드를 한 번에 봐요.");

/** /ViewStudentAccount (SPEC.md §2; issue 15): the parent's children at a glance. */
export default function ViewStudentAccount() {
  return (
    <ParentGate returnTo="/ViewStudentAccount" what="자녀 계정">
      {() => (
        <div className="family-page">
          <h1 className="family-page__title">자녀 계정</h1>
          <p className="family-page__lead">
            자녀를 고르면 수업, 결제, 계약 화면 모두 그 자녀 기준으로 바뀌어요.
          </p>
          <StudentsOverview />
        </div>
      )}
    </ParentGate>
  );
}
