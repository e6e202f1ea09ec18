/**
 * Test support of the lessons area (and of lecture-changes' tests): a student's paid lecture
 * taken through the real lesson request, suggestion, acceptance and choice to MATCHED with a
 * fresh ACTIVE tutor, so its weekly plan becomes lessons.
 */
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { and, eq, schema } from "@seoltab/db";
import { defaultTutorResume, type WeeklyTimeBlock } from "@seoltab/domain";
import type { TestApp } from "../../test/test-app.ts";
import {
  merchantUid,
  newUser,
  registerCard,
  responseOf,
  subscribe,
  type StoreItem,
  type TestUser,
} from "../payments/payments.test-support.ts";

export function gqlAs(t: TestApp) {
  return (
    backend: "matching" | "workspace" | "marketing",
    /** null: without signing in. */
    user: TestUser | null,
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: "POST",
      url: `/${backend}/graphql`,
      headers: {
        "content-type": "application/json",
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
      },
      payload: JSON.stringify({ query, variables }),
    });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are read field by field
export async function okData<T = Record<string, any>>(
  res: Promise<LightMyRequestResponse>,
): Promise<T> {
  const body = (await res).json();
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

/** The first GraphQL error of an answer that must be refused (fails the test if it was not). */
export async function refusedAnswer(res: Promise<LightMyRequestResponse>) {
  const body = (await res).json();
  expect(body.errors, JSON.stringify(body.data)).toBeDefined();
  return {
    classification: body.errors[0].extensions.classification as string,
    code: body.errors[0].extensions.code as string,
    message: body.errors[0].message as string,
  };
}

/**
 * Pays `item` (1 month, billing card) for a new student and matches it with a new ACTIVE tutor
 * (available MON–SUN 08:00–22:00) on `plan`. Returns the student, the tutor and the lecture.
 */
export async function matchLecture(
  t: TestApp,
  options: {
    admin: TestUser;
    item: StoreItem;
    plan: WeeklyTimeBlock[];
    tutor?: TestUser;
    /** Other lines bought in the same order (e.g. the free tablet), one unit each. */
    extraItems?: readonly StoreItem[];
  },
): Promise<{ student: TestUser; tutor: TestUser; lectureId: number; paymentId: number }> {
  const gql = gqlAs(t);
  const ok = okData;
  const { admin, plan } = options;
  const slots = plan.map((b) => ({ day: b.day, start: b.start, end: b.end }));
  let tutor = options.tutor;
  if (!tutor) {
    tutor = await newUser(t, "TEACHER");
    await t.database.db.insert(schema.tutorApplications).values({
      userId: tutor.userNo,
      state: "ACTIVE",
      resume: {
        ...defaultTutorResume(),
        name: "박보호",
        university: "서울대학교",
        subjects: [1001],
        availableTimes: (["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const).map((day) => ({
          day,
          start: "08:00",
          end: "22:00",
        })),
      } as unknown as Record<string, unknown>,
      matchingAvailable: true,
      universityStatusConfirmedAt: new Date(),
    });
  }
  const student = await newUser(t, "STUDENT");
  await registerCard(t, student);
  const payment = responseOf(
    await subscribe(t, student, {
      USER_NO: student.userNo,
      MERCHANT_UID: merchantUid(),
      PAYMENT_METHOD: "BILLING_CARD",
      ITEMS: [
        { id: options.item.id, lecture_multiple: 1 },
        ...(options.extraItems ?? []).map((i) => ({ id: i.id, lecture_multiple: 1 })),
      ],
    }),
  );
  const [lecture] = await t.database.db
    .select()
    .from(schema.lectures)
    .where(eq(schema.lectures.paymentId, payment.PAYMENT_ID));
  const id = String(lecture!.id);
  await ok(
    gql(
      "matching",
      student,
      `mutation($i: LessonRequestInput!) { saveLessonRequest(input: $i) { id } }`,
      {
        i: {
          lectureId: id,
          schoolName: "휘문고등학교",
          gradeCode: "H2",
          lectureSubjectId: 1111,
          schedules: slots,
        },
      },
    ),
  );
  await ok(
    gql(
      "matching",
      student,
      `mutation($id: ID!) { submitLessonRequest(lectureId: $id) { state } }`,
      { id },
    ),
  );
  await chooseNewTutor(t, { admin, student, tutor, lectureId: lecture!.id, plan });
  return { student, tutor, lectureId: lecture!.id, paymentId: payment.PAYMENT_ID as number };
}

/** Staff suggest `tutor` for the lecture's OPEN matching, the tutor accepts, the family picks. */
export async function chooseNewTutor(
  t: TestApp,
  input: {
    admin: TestUser;
    student: TestUser;
    tutor: TestUser;
    lectureId: number;
    plan: WeeklyTimeBlock[];
  },
): Promise<void> {
  const gql = gqlAs(t);
  const slots = input.plan.map((b) => ({ day: b.day, start: b.start, end: b.end }));
  const [matching] = await t.database.db
    .select()
    .from(schema.matchings)
    .where(
      and(eq(schema.matchings.lectureId, input.lectureId), eq(schema.matchings.state, "OPEN")),
    );
  const suggestion = (
    await okData(
      gql(
        "matching",
        input.admin,
        `mutation($m: ID!, $t: Int!) { suggestTutor(matchingId: $m, tutorId: $t) { id } }`,
        { m: String(matching!.id), t: input.tutor.userNo },
      ),
    )
  ).suggestTutor;
  await okData(
    gql(
      "matching",
      input.tutor,
      `mutation($i: RespondToSuggestionInput!) { respondToSuggestion(input: $i) { state } }`,
      { i: { suggestionId: suggestion.id, accept: true, slots } },
    ),
  );
  await okData(
    gql(
      "matching",
      input.student,
      `mutation($o: ID!, $p: [WeeklyTimeBlockInput!]!) { chooseTutor(offerId: $o, weeklyPlan: $p) { state } }`,
      { o: suggestion.id, p: slots },
    ),
  );
}
