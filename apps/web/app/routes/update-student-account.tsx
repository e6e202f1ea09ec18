import { ParentGate } from "../features/family-accounts/components/parent-gate";
import { StudentEditor } from "../features/family-accounts/components/student-editor";
import "../styles/accounts.css";
import "../features/family-accounts/family.css";
import "../features/accounts/account.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/update-student-account";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("자녀 정보 수정"),
    "자녀 정보와 비밀번호를 바꾸고, 자녀 계정을 연결하거나 해제해요.",
  );

/** /UpdateStudentAccount (SPEC.md §2; issue 15). `?child=` names the child (else the acting one). */
export default function UpdateStudentAccount() {
  return (
    <ParentGate returnTo="/UpdateStudentAccount" what="자녀 정보 수정">
      {() => (
        <div className="family-page">
          <h1 className="family-page__title">자녀 정보 수정</h1>
          <StudentEditor />
        </div>
      )}
    </ParentGate>
  );
}
