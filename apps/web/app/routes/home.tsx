import { Link } from "react-router";
import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FaqList } from "../components/marketing/faq-list";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { ShareButton } from "../components/marketing/share-button";
import { Steps } from "../components/marketing/steps";
import { TabletIllustration } from "../components/marketing/tablet-illustration";
import { HOME_FAQ_ITEMS } from "../content/faq";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import { SUBJECTS } from "../content/subjects";
import { pageMeta, SITE_DESCRIPTION, SITE_TAGLINE, SITE_TITLE } from "../site";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(SITE_TITLE, SITE_DESCRIPTION, { path: location.pathname });

/** Links to the product pages, in the landing page's "설탭 알아보기" section. */
const ABOUT_LINKS = [
  {
    to: "/service_introduction",
    title: "서비스 소개",
    body: "과목, 수업 방식, 결제와 관리까지 설탭을 한눈에 정리했어요.",
  },
  {
    to: "/philosophy",
    title: "교육 철학",
    body: "선생님이 대신 풀어 주기보다 스스로 공부하는 힘을 길러요.",
  },
  {
    to: "/ai_diagnosis",
    title: "AI 학습 진단",
    body: "단원별로 이해한 부분과 보완할 부분을 먼저 확인해요.",
  },
  {
    to: "/seolbti",
    title: "설BTI 학습 유형 검사",
    body: "여섯 가지 질문으로 나에게 맞는 공부 방식을 알아봐요.",
  },
] as const;

/** Landing page (/ and /index): what 설탭 is, subjects, how it works, tutors, tablet lessons. */
export default function Home() {
  return (
    <>
      <Hero
        eyebrow="서울대 선생님 1:1 태블릿 수업"
        title={SITE_TAGLINE}
        lead="설탭은 서울대 재학생·졸업생 선생님이 태블릿으로 진행하는 1:1 실시간 수업이에요. 지금 실력을 진단하고 꼭 맞는 선생님과 함께, 스스로 계획하고 공부하는 힘을 길러요."
        actions={
          <>
            <ButtonLink to="/enrollment" size="lg">
              수강 신청하기
            </ButtonLink>
            <ButtonLink to={CONSULTATION_CTA.to} variant="secondary" size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
            <ShareButton />
          </>
        }
        visual={<TabletIllustration />}
      />

      <Section
        id="subjects"
        eyebrow="과목"
        title="수학부터 입시 컨설팅까지 한 곳에서"
        lead="학년과 목표에 맞춰 필요한 과목을 골라 1:1로 배워요."
      >
        <FeatureCards items={SUBJECTS} columns={4} />
      </Section>

      <Section
        id="how-it-works"
        tone="muted"
        eyebrow="수업 시작까지"
        title="상담부터 첫 수업까지 네 단계면 충분해요"
      >
        <Steps
          items={[
            {
              title: "상담 신청",
              body: "학년과 과목, 공부 고민을 남겨 주시면 상담으로 수업 방향을 함께 정해요.",
            },
            {
              title: "레벨 진단",
              body: "지금 실력과 공부 습관을 진단해 어디서부터 시작할지 정해요.",
            },
            {
              title: "선생님 매칭",
              body: "과목, 성향, 목표에 맞는 서울대 선생님을 연결해 드려요.",
            },
            {
              title: "태블릿 수업",
              body: "태블릿으로 선생님과 같은 화면을 보며 실시간 1:1 수업을 시작해요.",
            },
          ]}
        />
      </Section>

      <Section
        id="tutors"
        eyebrow="선생님"
        title="확인된 서울대 선생님만 수업해요"
        lead="공부를 먼저 해 본 선배가 문제 풀이뿐 아니라 공부하는 방법까지 알려 줘요."
      >
        <FeatureCards
          columns={2}
          items={[
            {
              title: "서울대 재학생·졸업생",
              icon: "cap",
              body: "설탭 선생님은 모두 서울대학교 재학생 또는 졸업생이에요.",
            },
            {
              title: "지원 단계의 학적 확인",
              icon: "shield",
              body: "선생님 지원서와 이력서를 받고 재학·졸업 여부를 확인한 뒤에 수업을 맡겨요.",
            },
            {
              title: "자기주도 학습 코칭",
              icon: "coach",
              body: "수업 시간 밖에서도 혼자 공부할 수 있도록 계획 세우기와 복습 방법을 함께 잡아요.",
            },
            {
              title: "수업 변경 신청",
              icon: "swap",
              body: "선생님이나 수업 시간이 맞지 않으면 수업 변경 신청으로 바꿀 수 있어요.",
            },
          ]}
        />
      </Section>

      <Section
        id="smart-lessons"
        tone="muted"
        eyebrow="스마트 수업"
        title="태블릿 하나로 완성하는 1:1 수업"
        lead="이동 시간 없이 집에서 태블릿을 켜면 바로 수업이 시작돼요."
      >
        <FeatureCards
          items={[
            {
              title: "같은 화면, 함께 쓰는 필기",
              icon: "pen",
              body: "선생님과 같은 문제 화면에 함께 필기하며 풀이 과정을 바로 확인해요.",
            },
            {
              title: "통학 없는 수업",
              icon: "home",
              body: "학원까지 오가는 시간을 아껴 그만큼 복습과 휴식에 쓸 수 있어요.",
            },
            {
              title: "태블릿 옵션",
              icon: "tablet",
              body: "태블릿이 없다면 수강 신청할 때 태블릿 옵션을 함께 고를 수 있어요.",
            },
            {
              title: "학부모 확인",
              icon: "parent",
              body: "학부모님은 학부모 로그인으로 결제와 계약 내용을 직접 확인할 수 있어요.",
            },
            {
              title: "기본 수업 구성",
              icon: "calendar",
              body: "주 2회, 회당 60분, 한 달 총 8회 수업이 기본이에요.",
            },
            {
              title: "12개월 5% 할인",
              icon: "chart",
              body: "12개월로 길게 공부할 계획이라면 수강료를 5% 할인받을 수 있어요.",
            },
          ]}
        />
        <p className="section__more">
          <Link to="/smart">스마트 수업 자세히 보기</Link>
        </p>
      </Section>

      <Section
        id="about"
        eyebrow="설탭 알아보기"
        title="수업 전에 먼저 살펴보세요"
        lead="설탭이 어떤 서비스인지, 어떤 생각으로 수업하는지, 우리 아이에게 맞는 공부 방식은 무엇인지 알아보세요."
      >
        <ul className="link-cards link-cards--4">
          {ABOUT_LINKS.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="link-card">
                <span className="link-card__title">{item.title}</span>
                <span className="link-card__body">{item.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="faq"
        tone="muted"
        eyebrow="자주 묻는 질문"
        title="궁금한 점을 먼저 확인해 보세요"
      >
        <FaqList items={HOME_FAQ_ITEMS} />
        <p className="section__more">
          <Link to="/seoltab_faq_st">자주 묻는 질문 전체 보기</Link>
        </p>
      </Section>

      <CtaBand
        title="상담으로 시작하는 우리 아이 맞춤 수업"
        body="학년과 과목, 공부 고민을 남겨 주시면 레벨 진단과 무료 체험 수업 일정을 안내해 드려요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
