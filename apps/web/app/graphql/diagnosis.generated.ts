/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ClaimDiagnosisInput = {
  attemptId: string;
  attemptToken: string;
};

export type DiagnosisAnswerInput = {
  /** 0-based index of the chosen choice; null: skipped. */
  choice?: number | null | undefined;
  itemId: string;
};

export type SubmitDiagnosisInput = {
  answers: Array<DiagnosisAnswerInput>;
  attemptId: string;
  /** The token startDiagnosis gave (not needed when the attempt is the caller's account's). */
  attemptToken?: string | null | undefined;
};

export type DiagnosisTestFieldsFragment = { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number };

export type DiagnosisQuestionFieldsFragment = { id: string, unit: string, passage: string | null, question: string, choices: Array<string> };

export type DiagnosisReportFieldsFragment = { id: string, correct: number, total: number, percent: number, strongUnits: Array<string>, weakUnits: Array<string>, startLevel: string, startLevelLabel: string, startLevelDescription: string, lessonType: string, lessonTypeLabel: string, submittedAt: string, kept: boolean, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number }, units: Array<{ unit: string, correct: number, total: number, percent: number, standing: string, standingLabel: string }>, nextSteps: { consultation: string, enrollment: string }, items: Array<{ id: string, unit: string, passage: string | null, question: string, choices: Array<string>, chosen: number | null, answer: number, correct: boolean }> };

export type DiagnosisSummaryFieldsFragment = { id: string, percent: number, startLevel: string, startLevelLabel: string, weakUnits: Array<string>, submittedAt: string, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number } };

export type DiagnosisTestsQueryVariables = Exact<{
  s: string;
  l: string;
}>;


export type DiagnosisTestsQuery = { diagnosisTests: Array<{ id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number }> };

export type StartDiagnosisMutationVariables = Exact<{
  id: string;
}>;


export type StartDiagnosisMutation = { startDiagnosis: { id: string, attemptToken: string, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number }, items: Array<{ id: string, unit: string, passage: string | null, question: string, choices: Array<string> }> } };

export type SubmitDiagnosisMutationVariables = Exact<{
  i: SubmitDiagnosisInput;
}>;


export type SubmitDiagnosisMutation = { submitDiagnosis: { id: string, correct: number, total: number, percent: number, strongUnits: Array<string>, weakUnits: Array<string>, startLevel: string, startLevelLabel: string, startLevelDescription: string, lessonType: string, lessonTypeLabel: string, submittedAt: string, kept: boolean, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number }, units: Array<{ unit: string, correct: number, total: number, percent: number, standing: string, standingLabel: string }>, nextSteps: { consultation: string, enrollment: string }, items: Array<{ id: string, unit: string, passage: string | null, question: string, choices: Array<string>, chosen: number | null, answer: number, correct: boolean }> } };

export type DiagnosisReportQueryVariables = Exact<{
  id: string;
  t?: string | null | undefined;
}>;


export type DiagnosisReportQuery = { diagnosisReport: { id: string, correct: number, total: number, percent: number, strongUnits: Array<string>, weakUnits: Array<string>, startLevel: string, startLevelLabel: string, startLevelDescription: string, lessonType: string, lessonTypeLabel: string, submittedAt: string, kept: boolean, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number }, units: Array<{ unit: string, correct: number, total: number, percent: number, standing: string, standingLabel: string }>, nextSteps: { consultation: string, enrollment: string }, items: Array<{ id: string, unit: string, passage: string | null, question: string, choices: Array<string>, chosen: number | null, answer: number, correct: boolean }> } };

export type MyDiagnosesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyDiagnosesQuery = { myDiagnoses: Array<{ id: string, percent: number, startLevel: string, startLevelLabel: string, weakUnits: Array<string>, submittedAt: string, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number } }> };

export type AppDiagnosisReportQueryVariables = Exact<{
  id: string;
}>;


export type AppDiagnosisReportQuery = { diagnosisReport: { id: string, correct: number, total: number, percent: number, strongUnits: Array<string>, weakUnits: Array<string>, startLevel: string, startLevelLabel: string, startLevelDescription: string, lessonType: string, lessonTypeLabel: string, submittedAt: string, kept: boolean, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number }, units: Array<{ unit: string, correct: number, total: number, percent: number, standing: string, standingLabel: string }>, nextSteps: { consultation: string, enrollment: string }, items: Array<{ id: string, unit: string, passage: string | null, question: string, choices: Array<string>, chosen: number | null, answer: number, correct: boolean }> } };

export type StudentDiagnosesQueryVariables = Exact<{
  lectureId: string;
}>;


export type StudentDiagnosesQuery = { studentDiagnoses: Array<{ id: string, percent: number, startLevel: string, startLevelLabel: string, weakUnits: Array<string>, submittedAt: string, userNo: number | null, test: { id: string, subject: string, subjectLabel: string, schoolLevel: string, schoolLevelLabel: string, title: string, units: Array<string>, itemCount: number, minutes: number } }> };

export type ClaimDiagnosisMutationVariables = Exact<{
  input: ClaimDiagnosisInput;
}>;


export type ClaimDiagnosisMutation = { claimDiagnosis: { id: string, userNo: number, submitted: boolean } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const DiagnosisQuestionFieldsFragmentDoc = new TypedDocumentString(`
    fragment DiagnosisQuestionFields on DiagnosisQuestion {
  id
  unit
  passage
  question
  choices
}
    `, {"fragmentName":"DiagnosisQuestionFields"}) as unknown as TypedDocumentString<DiagnosisQuestionFieldsFragment, unknown>;
export const DiagnosisTestFieldsFragmentDoc = new TypedDocumentString(`
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
    `, {"fragmentName":"DiagnosisTestFields"}) as unknown as TypedDocumentString<DiagnosisTestFieldsFragment, unknown>;
export const DiagnosisReportFieldsFragmentDoc = new TypedDocumentString(`
    fragment DiagnosisReportFields on DiagnosisReport {
  id
  test {
    ...DiagnosisTestFields
  }
  correct
  total
  percent
  units {
    unit
    correct
    total
    percent
    standing
    standingLabel
  }
  strongUnits
  weakUnits
  startLevel
  startLevelLabel
  startLevelDescription
  lessonType
  lessonTypeLabel
  nextSteps {
    consultation
    enrollment
  }
  items {
    id
    unit
    passage
    question
    choices
    chosen
    answer
    correct
  }
  submittedAt
  kept
  userNo
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}`, {"fragmentName":"DiagnosisReportFields"}) as unknown as TypedDocumentString<DiagnosisReportFieldsFragment, unknown>;
export const DiagnosisSummaryFieldsFragmentDoc = new TypedDocumentString(`
    fragment DiagnosisSummaryFields on DiagnosisSummary {
  id
  test {
    ...DiagnosisTestFields
  }
  percent
  startLevel
  startLevelLabel
  weakUnits
  submittedAt
  userNo
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}`, {"fragmentName":"DiagnosisSummaryFields"}) as unknown as TypedDocumentString<DiagnosisSummaryFieldsFragment, unknown>;
export const DiagnosisTestsDocument = new TypedDocumentString(`
    query DiagnosisTests($s: String!, $l: String!) {
  diagnosisTests(subject: $s, schoolLevel: $l) {
    ...DiagnosisTestFields
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}`) as unknown as TypedDocumentString<DiagnosisTestsQuery, DiagnosisTestsQueryVariables>;
export const StartDiagnosisDocument = new TypedDocumentString(`
    mutation StartDiagnosis($id: ID!) {
  startDiagnosis(testId: $id) {
    id
    attemptToken
    test {
      ...DiagnosisTestFields
    }
    items {
      ...DiagnosisQuestionFields
    }
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
fragment DiagnosisQuestionFields on DiagnosisQuestion {
  id
  unit
  passage
  question
  choices
}`) as unknown as TypedDocumentString<StartDiagnosisMutation, StartDiagnosisMutationVariables>;
export const SubmitDiagnosisDocument = new TypedDocumentString(`
    mutation SubmitDiagnosis($i: SubmitDiagnosisInput!) {
  submitDiagnosis(input: $i) {
    ...DiagnosisReportFields
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
fragment DiagnosisReportFields on DiagnosisReport {
  id
  test {
    ...DiagnosisTestFields
  }
  correct
  total
  percent
  units {
    unit
    correct
    total
    percent
    standing
    standingLabel
  }
  strongUnits
  weakUnits
  startLevel
  startLevelLabel
  startLevelDescription
  lessonType
  lessonTypeLabel
  nextSteps {
    consultation
    enrollment
  }
  items {
    id
    unit
    passage
    question
    choices
    chosen
    answer
    correct
  }
  submittedAt
  kept
  userNo
}`) as unknown as TypedDocumentString<SubmitDiagnosisMutation, SubmitDiagnosisMutationVariables>;
export const DiagnosisReportDocument = new TypedDocumentString(`
    query DiagnosisReport($id: ID!, $t: String) {
  diagnosisReport(id: $id, attemptToken: $t) {
    ...DiagnosisReportFields
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
fragment DiagnosisReportFields on DiagnosisReport {
  id
  test {
    ...DiagnosisTestFields
  }
  correct
  total
  percent
  units {
    unit
    correct
    total
    percent
    standing
    standingLabel
  }
  strongUnits
  weakUnits
  startLevel
  startLevelLabel
  startLevelDescription
  lessonType
  lessonTypeLabel
  nextSteps {
    consultation
    enrollment
  }
  items {
    id
    unit
    passage
    question
    choices
    chosen
    answer
    correct
  }
  submittedAt
  kept
  userNo
}`) as unknown as TypedDocumentString<DiagnosisReportQuery, DiagnosisReportQueryVariables>;
export const MyDiagnosesDocument = new TypedDocumentString(`
    query MyDiagnoses {
  myDiagnoses {
    ...DiagnosisSummaryFields
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
fragment DiagnosisSummaryFields on DiagnosisSummary {
  id
  test {
    ...DiagnosisTestFields
  }
  percent
  startLevel
  startLevelLabel
  weakUnits
  submittedAt
  userNo
}`) as unknown as TypedDocumentString<MyDiagnosesQuery, MyDiagnosesQueryVariables>;
export const AppDiagnosisReportDocument = new TypedDocumentString(`
    query AppDiagnosisReport($id: ID!) {
  diagnosisReport(id: $id) {
    ...DiagnosisReportFields
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
fragment DiagnosisReportFields on DiagnosisReport {
  id
  test {
    ...DiagnosisTestFields
  }
  correct
  total
  percent
  units {
    unit
    correct
    total
    percent
    standing
    standingLabel
  }
  strongUnits
  weakUnits
  startLevel
  startLevelLabel
  startLevelDescription
  lessonType
  lessonTypeLabel
  nextSteps {
    consultation
    enrollment
  }
  items {
    id
    unit
    passage
    question
    choices
    chosen
    answer
    correct
  }
  submittedAt
  kept
  userNo
}`) as unknown as TypedDocumentString<AppDiagnosisReportQuery, AppDiagnosisReportQueryVariables>;
export const StudentDiagnosesDocument = new TypedDocumentString(`
    query StudentDiagnoses($lectureId: ID!) {
  studentDiagnoses(lectureId: $lectureId) {
    ...DiagnosisSummaryFields
  }
}
    fragment DiagnosisTestFields on DiagnosisTest {
  id
  subject
  subjectLabel
  schoolLevel
  schoolLevelLabel
  title
  units
  itemCount
  minutes
}
fragment DiagnosisSummaryFields on DiagnosisSummary {
  id
  test {
    ...DiagnosisTestFields
  }
  percent
  startLevel
  startLevelLabel
  weakUnits
  submittedAt
  userNo
}`) as unknown as TypedDocumentString<StudentDiagnosesQuery, StudentDiagnosesQueryVariables>;
export const ClaimDiagnosisDocument = new TypedDocumentString(`
    mutation ClaimDiagnosis($input: ClaimDiagnosisInput!) {
  claimDiagnosis(input: $input) {
    id
    userNo
    submitted
  }
}
    `) as unknown as TypedDocumentString<ClaimDiagnosisMutation, ClaimDiagnosisMutationVariables>;