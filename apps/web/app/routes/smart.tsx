import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { Steps } from "../components/marketing/steps";
import { TabletIllustration } from "../components/marketing/tablet-illustration";
import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../content/navigation";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/smart";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("스마트 수업"),
    "태블릿으로 서울대 선생님과 같은 화면을 보며 함께 필기하는 실시간 1:1 스마트 수업을 소개해요.",
    { path: location.pathname },
  );

/** /smart: the tablet lesson. */
export default function Smart() {
  return (
    <>
      <Hero
        eyebrow="스마트 수업"
        title="태블릿으로 만나는 서울대 선생님 1:1 수업"
        lead="설탭 스마트 수업은 선생님과 학생이 태블릿의 같은 화면을 함께 보며 실시간으로 진행해요. 필기와 풀이가 그대로 공유되어 마주 앉은 것처럼 자연스럽게 배워요."
        actions={
          <>
            <ButtonLink to="/enrollment" size="lg">
              수강 신청하기
            </ButtonLink>
            <ButtonLink to="/seoltab_faq_st" variant="secondary" size="lg">
              자주 묻는 질문
            </ButtonLink>
          </>
        }
        visual={<TabletIllustration />}
      />
      <Section id="lesson-flow" title="한 번의 수업은 이렇게 진행돼요">
        <Steps
          items={[
            { title: "수업 입장", body: "약속한 시간에 태블릿을 켜고 수업에 들어가요." },
            { title: "개념 설명", body: "선생님이 화면에 직접 쓰고 그리며 개념을 설명해요." },
            {
              title: "함께 풀기",
              body: "학생이 푸는 과정을 선생님이 실시간으로 보고 막힌 곳을 바로 짚어 줘요.",
            },
            {
              title: "정리와 계획",
              body: "수업 끝에 오늘 배운 내용과 다음 수업까지 할 공부를 함께 정해요.",
            },
          ]}
        />
      </Section>
      <Section id="why-smart" tone="muted" title="스마트 수업이 좋은 이유">
        <FeatureCards
          items={[
            {
              title: "실시간 피드백",
              icon: "pen",
              body: "틀린 풀이를 그 자리에서 고치니 같은 실수를 반복하지 않아요.",
            },
            {
              title: "통학 없는 수업",
              icon: "home",
              body: "오가는 시간 없이 집에서 수업하고, 아낀 시간을 복습에 써요.",
            },
            {
              title: "1:1 맞춤 진도",
              icon: "chart",
              body: "학생의 속도와 목표에 맞춰 선생님이 진도와 난이도를 조절해요.",
            },
          ]}
        />
      </Section>
      <Section
        id="what-you-need"
        title="수업에 필요한 것"
        lead="처음 시작할 때 준비할 것은 많지 않아요. 없는 것은 수강 신청에서 함께 고를 수 있어요."
      >
        <FeatureCards
          columns={2}
          items={[
            {
              title: "태블릿과 펜",
              icon: "tablet",
              body: "가지고 있는 태블릿으로 수업할 수 있어요. 없다면 수강 신청할 때 새 태블릿이나 중고 태블릿 옵션을 고르면 돼요.",
            },
            {
              title: "안정적인 인터넷",
              icon: "link",
              body: "끊김 없이 화면과 목소리를 주고받을 수 있도록 집의 와이파이에 연결해 주세요.",
            },
            {
              title: "헤드폰",
              icon: "coach",
              body: "선생님 목소리에 집중할 수 있도록 헤드폰을 권해요. 수강 신청에서 헤드폰 대여도 고를 수 있어요.",
            },
            {
              title: "조용한 자리",
              icon: "home",
              body: "책상에 태블릿을 세워 두고 필기하기 편한 자리면 충분해요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="스마트 수업, 상담으로 시작해요"
        body="과목과 학년을 알려 주시면 맞는 선생님과 수업 일정을 함께 찾아 드려요."
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
