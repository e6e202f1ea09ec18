import { CONSULTATION_CTA, ENROLLMENT_CTA } from "../../content/navigation";
import {
  feeRows,
  formatWon,
  WINTER_FACTS,
  WINTER_NOTES,
  winterProgram,
  type WinterLevel,
} from "../../content/promotions";
import { ButtonLink } from "./button-link";
import { CtaBand } from "./cta-band";
import { FactList } from "./fact-list";
import { FeatureCards, type FeatureCard } from "./feature-cards";
import { FeeTable } from "./fee-table";
import { Hero } from "./hero";
import { Notes } from "./notes";
import { Section } from "./section";
import { Steps, type Step } from "./steps";

/** What differs between the winter-break pages of one school level (all Korean copy). */
export interface WinterProgramPageContent {
  level: WinterLevel;
  /** Prefix of the sections' ids: `{slug}-dates`, `-fees`, `-focus`, `-weeks`. */
  slug: string;
  /** The level's short name in the fee copy: "초등" → "초등 수업은 한 달 …", "초등 겨울방학 수업 수강료". */
  feeLabel: string;
  eyebrow: string;
  title: string;
  lead: string;
  /** The hero's second button (after the consultation one). */
  secondary: { to: string; label: string };
  focusTitle: string;
  focus: readonly FeatureCard[];
  /** The 8 weeks, in order. */
  weeks: readonly Step[];
  cta: { title: string; body: string };
}

/**
 * A /promotion/winter/<level> page: hero, 일정과 대상 (the level's audience and the winter
 * facts), 수강료 (monthly and 8-week course prices in won from winterProgram, the table, the
 * enrollment button and notes), what the level focuses on, the 8 weeks and the closing band.
 */
export function WinterProgramPage({ content }: { content: WinterProgramPageContent }) {
  const program = winterProgram(content.level);
  return (
    <>
      <Hero
        eyebrow={content.eyebrow}
        title={content.title}
        lead={content.lead}
        actions={
          <>
            <ButtonLink to={CONSULTATION_CTA.to} size="lg">
              {CONSULTATION_CTA.label}
            </ButtonLink>
            <ButtonLink to={content.secondary.to} variant="secondary" size="lg">
              {content.secondary.label}
            </ButtonLink>
          </>
        }
      />
      <Section id={`${content.slug}-dates`} title="일정과 대상">
        <FactList items={[{ term: "대상", detail: program.audience }, ...WINTER_FACTS]} />
      </Section>
      <Section
        id={`${content.slug}-fees`}
        tone="muted"
        title="수강료"
        lead={`${content.feeLabel} 수업은 한 달 ${formatWon(program.monthlyWon)}이에요. 겨울방학 8주 과정은 ${program.item.months}개월 수강료 ${formatWon(program.courseWon)}을 한 번 결제해요.`}
      >
        <FeeTable caption={`${content.feeLabel} 겨울방학 수업 수강료`} rows={feeRows(program)} />
        <p className="fee-table__cta">
          <ButtonLink to={program.enrollHref} size="lg">
            {`${program.label} 8주 과정 신청하기`}
          </ButtonLink>
        </p>
        <Notes items={WINTER_NOTES} />
      </Section>
      <Section id={`${content.slug}-focus`} title={content.focusTitle}>
        <FeatureCards items={content.focus} />
      </Section>
      <Section id={`${content.slug}-weeks`} tone="muted" title="8주는 이렇게 흘러가요">
        <Steps items={content.weeks} />
      </Section>
      <CtaBand
        title={content.cta.title}
        body={content.cta.body}
        primary={CONSULTATION_CTA}
        secondary={ENROLLMENT_CTA}
      />
    </>
  );
}
