import { Link } from "react-router";
import { useAccountSubject } from "../stores/account-subject";
import { LecturesInProgress } from "../features/lectures/components/lectures-in-progress";
import { OffersPanel } from "../features/matching/components/offers";
import "../features/tutor-applications/tutor-applications.css";
import "../features/lectures/lectures.css";
import { BillingCardPanel } from "../features/payments/components/billing-card-panel";
import "../styles/accounts.css";
import "../features/payments/payments.css";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/home-pre-member";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("수업 준비 중"), "결제 후 선생님 매칭부터 첫 수업까지의 과정을 안내해요.");

const STEPS = [
  {
    title: "선생님 매칭",
    body: "신청한 과목과 학년, 수업 유형에 맞는 선생님을 찾고 있어요. 매칭이 끝나면 학부모님 휴대폰으로 알려 드려요.",
  },
  {
    title: "첫 수업 일정 안내",
    body: "선생님이 정해지면 담당 매니저가 연락드려 첫 수업 날짜와 시간을 함께 정해요.",
  },
  {
    title: "태블릿 배송",
    body: "태블릿을 신청했다면 첫 수업 전에 신청한 주소로 보내 드려요. 로그인 방법도 함께 안내해요.",
  },
  {
    title: "첫 수업",
    body: "정한 시간에 태블릿으로 접속하면 선생님과 1:1 수업이 시작돼요.",
  },
];

/**
 * /home_pre_member (SPEC.md §2; APP_ROUTE_PATTERNS, inside the app shell): for people who have
 * paid but are not yet matched with a tutor — what happens next, how to reach us, and the
 * card change of SPEC.md §4 (paymentCardType "change_pre" returns here), and (issue #13) each
 * lecture on its way: the request form to write, the search, and the tutors who accepted.
 */
export default function HomePreMember() {
  const buyer = useAccountSubject();
  const hasStudent = (buyer.kind === "student" || buyer.kind === "parent") && buyer.userNo !== null;
  return (
    <div className="pay-page pay-page--narrow">
      <header className="pay-page__head">
        <p className="pay-page__eyebrow">수업 준비 중</p>
        <h1 className="pay-page__title">결제가 끝났어요. 선생님을 연결하고 있어요</h1>
        <p className="pay-page__lead">첫 수업까지 아래 순서로 진행돼요. 따로 하실 일은 없어요.</p>
      </header>
      {hasStudent && buyer.userNo !== null ? (
        <LecturesInProgress
          userId={buyer.userNo}
          offers={(lectureId) => <OffersPanel lectureId={lectureId} onMatched={() => undefined} />}
        />
      ) : null}
      <section className="panel" aria-labelledby="pre-steps-title">
        <h2 id="pre-steps-title" className="pay-panel__title">
          앞으로 이렇게 진행돼요
        </h2>
        <ol className="step-list pre-steps">
          {STEPS.map((step, i) => (
            <li key={step.title} className="step-list__item">
              <span className="step-list__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h3 className="pre-steps__title">{step.title}</h3>
                <p className="pre-steps__body">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section className="panel" aria-labelledby="pre-contact-title">
        <h2 id="pre-contact-title" className="pay-panel__title">
          궁금한 점이 있으신가요?
        </h2>
        <p className="pay-muted">
          수업 시간 변경이나 태블릿 배송 문의는 상담 신청을 남겨 주시면 담당 매니저가 연락드려요.
        </p>
        <div className="pay-actions">
          <Link to="/consultation" className="btn btn--primary">
            상담 신청
          </Link>
          <Link to="/seoltab_faq_st" className="btn btn--secondary">
            자주 묻는 질문
          </Link>
        </div>
      </section>
      {hasStudent ? (
        <BillingCardPanel
          key={buyer.userNo}
          userId={buyer.kind === "parent" ? (buyer.userNo ?? undefined) : undefined}
          title="정기결제 카드"
          registerType="change_pre"
          changeType="change_pre"
        />
      ) : null}
      <div className="pay-actions pay-actions--center">
        <Link to="/_app/payments" className="btn btn--secondary btn--lg">
          내 결제 내역
        </Link>
        <Link to="/_app" className="btn btn--secondary btn--lg">
          내 학습 공간
        </Link>
      </div>
    </div>
  );
}
