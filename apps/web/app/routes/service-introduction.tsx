import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FactList } from "../components/marketing/fact-list";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { TabletIllustration } from "../components/marketing/tablet-illustration";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import { SUBJECTS } from "../content/subjects";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/service-introduction";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("서비스 소개"),
    "설탭은 서울대 재학생·졸업생 선생님과 태블릿으로 만나는 1:1 실시간 수업 서비스예요. 과목, 수업 방식, 태블릿과 교재, 결제와 관리까지 한눈에 소개해요.",
    { path: location.pathname },
  );

/** /service_introduction: what the service is, for whom, what it sells and how it works. */
export default function ServiceIntroduction() {
  return (
    <>
      <Hero
        eyebrow="서비스 소개"
        title="설탭은 이렇게 공부를 도와요"
        lead="설탭은 서울대 재학생·졸업생 선생님과 태블릿으로 만나는 1:1 실시간 수업 서비스예요. 수업과 함께 학습 콘텐츠, 교재, 태블릿까지 한 번에 준비할 수 있어요."
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
            <ButtonLink to="/philosophy" variant="secondary" size="lg">
              교육 철학 보기
            </ButtonLink>
          </>
        }
        visual={<TabletIllustration />}
      />
      <Section id="who" title="학생, 학부모, 선생님이 함께 써요">
        <FeatureCards
          items={[
            {
              title: "학생",
              icon: "pen",
              body: "태블릿으로 선생님과 수업하고, 선생님이나 수업 시간이 맞지 않으면 수업 변경을 신청해요.",
            },
            {
              title: "학부모",
              icon: "parent",
              body: "학부모 로그인으로 결제 카드를 등록하고 계약서에 서명하며, 결제와 계약 내역을 확인해요.",
            },
            {
              title: "선생님",
              icon: "cap",
              body: "서울대 재학생·졸업생이 이력서와 지원서를 내고, 학적 확인을 거쳐 수업을 맡아요.",
            },
          ]}
        />
      </Section>
      <Section
        id="offer"
        tone="muted"
        title="설탭에서 준비할 수 있는 것"
        lead="수강 신청 한 번으로 수업과 필요한 학습 도구를 함께 고를 수 있어요."
      >
        <FeatureCards
          columns={2}
          items={[
            {
              title: "스마트 수업",
              icon: "tablet",
              body: "태블릿의 같은 화면을 보며 선생님과 함께 필기하는 실시간 1:1 수업이에요.",
            },
            {
              title: "학습 콘텐츠",
              icon: "book",
              body: "수업에서 배운 내용을 혼자 복습하고 연습하는 콘텐츠예요.",
            },
            {
              title: "설탭 교재",
              icon: "korean",
              body: "수업 과정에 맞춘 교재를 수강 신청할 때 함께 고를 수 있어요.",
            },
            {
              title: "태블릿과 헤드폰",
              icon: "home",
              body: "태블릿이 없다면 새 태블릿이나 중고 태블릿을, 필요하면 헤드폰 대여를 함께 신청해요.",
            },
          ]}
        />
      </Section>
      <Section id="subjects" title="배울 수 있는 과목">
        <FeatureCards items={SUBJECTS} columns={4} />
      </Section>
      <Section id="start" tone="muted" title="상담부터 첫 수업까지">
        <Steps
          items={[
            { title: "상담 신청", body: "학년과 과목, 공부 고민을 남겨 주세요." },
            { title: "레벨 진단", body: "지금 실력과 공부 습관을 확인해 시작점을 정해요." },
            { title: "선생님 매칭", body: "과목과 성향, 목표에 맞는 선생님을 연결해 드려요." },
            {
              title: "수강 신청과 결제",
              body: "과목, 수강 기간, 태블릿 옵션을 고르고 결제해요.",
            },
            { title: "첫 수업", body: "태블릿을 받고 약속한 시간에 첫 수업을 시작해요." },
          ]}
        />
      </Section>
      <Section id="billing" title="결제와 관리">
        <FactList
          items={[
            { term: "수업 구성", detail: "주 2회, 회당 60분, 한 달 8회가 기본이에요." },
            {
              term: "수강 기간",
              detail: "기본 3개월이에요. 12개월로 신청하면 수강료가 5% 할인돼요.",
            },
            {
              term: "결제 수단",
              detail: "등록한 카드(정기결제), 일회성 카드 결제, 가상계좌 중에서 골라요.",
            },
            {
              term: "환불",
              detail:
                "카드 결제 후 1개월 안에는 화면에서 바로 신청하고, 그 밖에는 고객센터에서 법정 기준에 따라 도와드려요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="설탭이 우리 아이에게 맞을지 궁금하다면"
        body="상담을 신청하시면 레벨 진단과 무료 체험 수업 일정을 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
