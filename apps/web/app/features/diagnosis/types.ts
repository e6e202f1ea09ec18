/**
 * The diagnosis shapes the web reads from `/diagnosis/graphql` (docs/api/diagnosis.md) and the
 * selection sets that ask for them (shared by the /ai_diagnosis page's fetch client and the
 * app's Apollo queries).
 */
import type { DiagnosisSubject, SchoolLevel } from "@seoltab/domain/diagnosis";

export interface DiagnosisTest {
  id: string;
  subject: DiagnosisSubject;
  subjectLabel: string;
  schoolLevel: SchoolLevel;
  schoolLevelLabel: string;
  title: string;
  units: string[];
  itemCount: number;
  /** Suggested minutes */
  minutes: number;
}

/** An item before submission: no answer. */
export interface DiagnosisQuestion {
  id: string;
  unit: string;
  passage: string | null;
  question: string;
  choices: string[];
}

export interface DiagnosisAttempt {
  id: string;
  attemptToken: string;
  test: DiagnosisTest;
  items: DiagnosisQuestion[];
}

export interface DiagnosisReport {
  id: string;
  test: DiagnosisTest;
  correct: number;
  total: number;
  percent: number;
  units: {
    unit: string;
    correct: number;
    total: number;
    percent: number;
    standing: "STRONG" | "OK" | "WEAK";
    standingLabel: string;
  }[];
  strongUnits: string[];
  weakUnits: string[];
  startLevel: string;
  startLevelLabel: string;
  startLevelDescription: string;
  lessonType: string;
  lessonTypeLabel: string;
  nextSteps: { consultation: string; enrollment: string };
  items: (DiagnosisQuestion & { chosen: number | null; answer: number; correct: boolean })[];
  /** ISO 8601 UTC */
  submittedAt: string;
  kept: boolean;
  userNo: number | null;
}

export interface DiagnosisSummary {
  id: string;
  test: DiagnosisTest;
  percent: number;
  startLevel: string;
  startLevelLabel: string;
  weakUnits: string[];
  /** ISO 8601 UTC */
  submittedAt: string;
  userNo: number | null;
}

export const TEST_FIELDS =
  "id subject subjectLabel schoolLevel schoolLevelLabel title units itemCount minutes";
export const QUESTION_FIELDS = "id unit passage question choices";
export const REPORT_FIELDS = `id test { ${TEST_FIELDS} } correct total percent
  units { unit correct total percent standing standingLabel } strongUnits weakUnits
  startLevel startLevelLabel startLevelDescription lessonType lessonTypeLabel
  nextSteps { consultation enrollment } items { ${QUESTION_FIELDS} chosen answer correct }
  submittedAt kept userNo`;
export const SUMMARY_FIELDS = `id test { ${TEST_FIELDS} } percent startLevel startLevelLabel weakUnits submittedAt userNo`;
