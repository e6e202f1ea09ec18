import { CreateStudentForm } from "../features/family-accounts/components/create-student-form";
import { ParentGate } from "../features/family-accounts/components/parent-gate";
import "../styles/accounts.css";
import "../features/family-accounts/family.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/create-student-account";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("자녀 계정 만들기"), "보호자가 자녀의 학생 계정을 만들어요.");

/** /CreateStudentAccount (SPEC.md §2; issue 15): a signed-in parent creates a child's account. */
export default function CreateStudentAccount() {
  return (
    <ParentGate returnTo="/CreateStudentAccount" what="자녀 계정 만들기">
      {() => (
        <div className="family-page">
          <h1 className="family-page__title">자녀 계정 만들기</h1>
          <p className="family-page__lead">
            자녀의 수업, 결제, 계약을 보호자 계정 하나로 관리해요.
          </p>
          <section className="family-card">
            <CreateStudentForm />
          </section>
        </div>
      )}
    </ParentGate>
  );
}
