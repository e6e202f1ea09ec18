import { useState } from "react";
import { ConsultationForm, type SubmittedRequest } from "./consultation-form";
import { ThankYou } from "./thank-you";

const STEPS = [
  { title: "신청서 작성", body: "2분이면 충분해요." },
  { title: "전화 상담", body: "영업일 기준 하루 안에 전화드려요." },
  { title: "무료 체험 수업", body: "서울대 선생님과 직접 만나 보세요." },
] as const;

/**
 * The body of /consultation: a short introduction with the three steps, then the request form,
 * replaced by the thank-you state once the request is received.
 */
export function ConsultationPage() {
  const [submitted, setSubmitted] = useState<SubmittedRequest | null>(null);
  return (
    <div className="container cst-page">
      <div className="cst-intro">
        <p className="cst-intro__eyebrow">무료 상담 신청</p>
        <h1 className="cst-intro__title">설탭 상담 신청</h1>
        <p className="cst-intro__lead">
          학년과 과목, 연락받기 편한 시간만 알려 주세요. 설탭 상담 선생님이 직접 전화드리고, 무료
          체험 수업 일정도 함께 잡아 드려요.
        </p>
        <ol className="step-list cst-steps" aria-label="상담 진행 순서">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step-list__item">
              <span className="step-list__number" aria-hidden="true">
                {index + 1}
              </span>
              <span>
                <strong className="cst-steps__title">{step.title}</strong>
                <span className="cst-steps__body">{step.body}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div className="cst-card">
        {submitted ? (
          <ThankYou request={submitted} />
        ) : (
          <>
            <h2 className="cst-card__title">상담 신청서</h2>
            <ConsultationForm onSubmitted={setSubmitted} />
          </>
        )}
      </div>
    </div>
  );
}
