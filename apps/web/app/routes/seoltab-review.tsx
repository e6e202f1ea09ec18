import { ButtonLink } from "../components/marketing/button-link";
import { CtaBand } from "../components/marketing/cta-band";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Hero } from "../components/marketing/hero";
import { Section } from "../components/marketing/section";
import { CONSULTATION_CTA } from "../content/navigation";
import { LatestReviews } from "../features/marketing/components/latest-reviews";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/seoltab-review";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(
    pageTitle("수강 후기"),
    "설탭에서 직접 수업을 들은 학생과 학부모가 남긴 최근 수강 후기를 읽어 보고, 연도와 과목별 전체 후기도 살펴보세요.",
    { path: location.pathname },
  );

/**
 * /seoltab_review: what reviews are and how we collect them (prerendered), and the newest
 * reviews from the `/marketing/graphql` backend — verified ones are families' per-cycle reviews
 * published with consent (issue #14, docs/api/cycle-reviews.md); others are marked examples (loaded in the browser by app/islands/
 * latest-reviews.ts; a static page). Every review: /review.
 */
export default function SeoltabReview() {
  return (
    <>
      <Hero
        eyebrow="수강 후기"
        title="직접 수업을 들은 학생과 학부모의 이야기"
        lead="설탭 수강 후기는 실제로 수업을 들은 학생과 학부모가 남긴 글이에요. 우리 아이와 학년, 과목이 비슷한 후기를 찾아 읽어 보세요."
        actions={
          <>
            <ButtonLink to="/review" size="lg">
              전체 후기 보기
            </ButtonLink>
            <ButtonLink to={CONSULTATION_CTA.to} variant="secondary" size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
          </>
        }
      />
      <Section
        id="latest-reviews"
        title="최근 수강 후기"
        lead="가장 최근에 올라온 후기예요. 연도와 과목으로 골라 보려면 전체 후기에서 찾아보세요."
      >
        <LatestReviews />
      </Section>
      <Section
        id="reading-reviews"
        tone="muted"
        title="후기를 읽을 때 살펴보면 좋은 점"
        lead="같은 수업이라도 학생마다 느끼는 점이 달라요. 이런 부분을 눈여겨보세요."
      >
        <FeatureCards
          items={[
            {
              title: "수업 방식",
              icon: "tablet",
              body: "태블릿 수업이 아이에게 잘 맞았는지, 집중은 어땠는지 확인해 보세요.",
            },
            {
              title: "선생님과의 호흡",
              icon: "coach",
              body: "선생님이 설명을 어떻게 해 주었는지, 질문하기 편했는지 살펴보세요.",
            },
            {
              title: "공부 습관의 변화",
              icon: "calendar",
              body: "성적뿐 아니라 스스로 공부하는 시간이 어떻게 달라졌는지도 읽어 보세요.",
            },
          ]}
        />
      </Section>
      <Section id="review-policy" title="후기는 이렇게 모아요">
        <FeatureCards
          columns={2}
          items={[
            {
              title: "수강생만 작성",
              icon: "shield",
              body: "수업을 4번 할 때마다 학생과 학부모가 남기는 수업 평가 가운데, 공개에 동의한 평가만 운영팀이 확인해 올려요. 이런 후기에는 '수강 인증 후기' 표시가 붙어요.",
            },
            {
              title: "이름은 가려서",
              icon: "parent",
              body: "학생과 선생님 이름은 글자 일부를 가려서 보여 드려요.",
            },
          ]}
        />
      </Section>
      <CtaBand
        title="다음 후기의 주인공이 되어 보세요"
        body="상담으로 우리 아이에게 맞는 과목과 선생님부터 찾아보세요."
        primary={CONSULTATION_CTA}
        secondary={{ to: "/seoltab_faq_st", label: "자주 묻는 질문" }}
      />
    </>
  );
}
