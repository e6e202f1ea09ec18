import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { CONSULTATION_CTA } from "../content/navigation";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/enrollment";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("수강 신청"),
    "과목, 수업 유형, 수강 기간, 태블릿 옵션을 골라 설탭 1:1 수업을 신청하는 방법을 안내해요.",
    { path: location.pathname },
  );

/** /enrollment: how enrollment works (the form itself comes with sign-in). */
export default function Enrollment() {
  return (
    <>
      <Hero
        eyebrow="수강 신청"
        title="수강 신청 안내"
        lead="과목과 수업 유형, 수강 기간, 태블릿 옵션을 고르면 신청이 끝나요. 신청하기 전에 아래 내용을 확인해 주세요."
        actions={
          <>
            <ButtonLink to="/guest_enrollment" size="lg">
              수강 신청하기
            </ButtonLink>
            <ButtonLink to="/seoltab_faq_st" variant="secondary" size="lg">
              자주 묻는 질문
            </ButtonLink>
          </>
        }
      />
      <Section id="enrollment-steps" title="신청은 이렇게 진행돼요">
        <Steps
          items={[
            { title: "과목 선택", body: "배우고 싶은 과목과 세부 과정을 골라요." },
            { title: "수업 유형 선택", body: "태블릿으로 듣는 스마트 수업 등 수업 유형을 정해요." },
            {
              title: "수강 기간 선택",
              body: "기본은 3개월이고, 12개월을 고르면 수강료가 5% 할인돼요.",
            },
            { title: "태블릿·배송 정보", body: "태블릿 옵션을 고르고 받을 주소를 입력해요." },
            {
              title: "결제",
              body: "등록한 카드, 일회성 카드 결제, 가상계좌 중 편한 방법으로 결제해요.",
            },
          ]}
        />
      </Section>
      <Section id="before-you-apply" tone="muted" title="신청 전에 확인해 주세요">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "기본 수업 구성",
              icon: "calendar",
              body: "주 2회, 60분, 총 8회 수업이 한 달 기본 구성이에요.",
            },
            {
              title: "수강료 계산",
              icon: "chart",
              body: "총 수강료는 한 달 수강료에 선택한 개월 수를 곱한 금액이에요.",
            },
            {
              title: "학부모 정보",
              icon: "parent",
              body: "학부모님 이름과 연락처를 함께 받아 결제와 계약 안내를 드려요.",
            },
            {
              title: "환불 기준",
              icon: "shield",
              body: "카드 결제 후 1개월 안에는 화면에서 바로 환불을 신청할 수 있어요. 그 뒤나 가상계좌 결제는 고객센터에서 법정 기준에 따라 도와드려요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="준비가 되었다면 지금 신청하세요"
        body="신청하면서 고른 내용은 이 브라우저에 저장되어 다음에 이어서 신청할 수 있어요."
        primary={{ to: "/guest_enrollment", label: "수강 신청하기" }}
        secondary={{ to: CONSULTATION_CTA.to, label: "먼저 상담받기" }}
      />
    </>
  );
}
