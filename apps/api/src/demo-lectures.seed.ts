/**
 * Demo lectures (local mode only; issue #13 "Demo data"): the demo student 김하늘 gets three
 * paid 1-month smart math lectures — one REGISTER (the form still to write), one MATCHED with
 * the demo tutor 이준호 (form sent, tutor chosen, weekly plan agreed) and one ACTIVE (first lesson
 * held; two past lessons with notes and the next four weeks planned) — so a newcomer sees every
 * screen. The payments go through the real checkout as staff
 * CASH payments (so contracts and lectures are written by the same events as in production);
 * the request, matching and moves are written as the areas would have written them.
 * Runs once per database (seed_runs), after the areas are built.
 */
import { and, eq, schema, type Database } from "@seoltab/db";
import { defaultLessonRequestForm, type LectureState } from "@seoltab/domain";
import { occurrencesOf } from "@seoltab/domain/lessons";
import type { AuthUser } from "./modules/accounts/accounts.public.ts";
import { checkout, type PaymentsDeps } from "./modules/payments/payments.public.ts";
import type { EventBus } from "./platform/events.ts";
import { moveLecture, findLectureById } from "./modules/lectures/lectures.public.ts";

const PLAN = [
  { day: "MON", start: "18:00", end: "19:30" },
  { day: "WED", start: "18:00", end: "19:30" },
] as const;

async function idOf(db: Database, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  return row?.id ?? null;
}

/** Writes the demo lectures when the demo accounts exist; returns how many it wrote. */
export async function seedDemoLectures(payments: PaymentsDeps, events: EventBus): Promise<number> {
  const db = payments.db;
  const [student, tutor, admin] = await Promise.all([
    idOf(db, "student@example.com"),
    idOf(db, "tutor@example.com"),
    idOf(db, "admin@example.com"),
  ]);
  if (!student || !tutor || !admin) return 0;
  const s = schema.storeItems;
  const [math] = await db
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        eq(s.itemKind, "LECTURE"),
        eq(s.subjectId, 8906),
        eq(s.itemType, "LECTURE_SMART"),
        eq(s.months, 1),
        eq(s.isHomeshopping, false),
        eq(s.isActive, true),
      ),
    )
    .orderBy(s.id)
    .limit(1);
  if (!math) return 0;
  const staff: AuthUser = { userNo: admin, userType: "ADMIN" };
  let written = 0;
  for (const target of [
    "REGISTER",
    "MATCHED",
    "ACTIVE",
  ] as const satisfies readonly LectureState[]) {
    const result = await checkout(
      payments,
      staff,
      {
        userId: student,
        merchantUid: `demo-lecture-${target.toLowerCase()}`,
        method: "CASH",
        items: [{ id: math.id, lecture_multiple: 1 }],
        cardQuota: 0,
        memo: "데모 수업",
      },
      null,
    );
    const [lecture] = await db
      .select()
      .from(schema.lectures)
      .where(eq(schema.lectures.paymentId, result.view.payment.id));
    if (!lecture || lecture.state !== "REGISTER") continue;
    written += 1;
    if (target === "REGISTER") continue;
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      const now = new Date();
      const form = {
        ...defaultLessonRequestForm(),
        schoolName: "휘문고등학교",
        gradeCode: "H2",
        curriculum: "2022 개정",
        major: "이과",
        lectureSubjectId: 1111,
        weakTypes: ["CONCEPT"],
        tutorPreferenceTypes: ["TOP_UNIVERSITY"],
        schedules: [
          { day: "MON", start: "18:00", end: "20:00" },
          { day: "WED", start: "18:00", end: "20:00" },
        ],
        howHeard: "SEARCH",
      };
      await tx.insert(schema.lessonRequests).values({
        lectureId: lecture.id,
        state: "SUBMITTED",
        form: form as unknown as Record<string, unknown>,
        filledByUserId: student,
        submittedAt: now,
      });
      const deps = { events };
      const ready = await moveLecture(deps, tx, {
        lecture: (await findLectureById(tx, lecture.id))!,
        to: "READY",
        at: now,
        initiator: "USER",
        actorUserId: student,
        reason: "수업 신청서를 받았어요.",
      });
      const [matching] = await tx
        .insert(schema.matchings)
        .values({
          lectureId: lecture.id,
          type: "NEW",
          state: "MATCHED",
          managerUserId: admin,
          openedAt: now,
          closedAt: now,
        })
        .returning();
      await tx.insert(schema.matchingSuggestions).values({
        matchingId: matching!.id,
        tutorUserId: tutor,
        state: "CHOSEN",
        reasons: ["가능한 시간이 주 4시간 겹쳐요.", "희망하신 서울대 선생님이에요."],
        score: 60,
        slots: [...PLAN],
        suggestedByUserId: admin,
        suggestedAt: now,
        expiresAt: new Date(now.getTime() + 24 * 3600 * 1000),
        answeredAt: now,
      });
      const matched = await moveLecture(deps, tx, {
        lecture: ready,
        to: "MATCHED",
        at: now,
        initiator: "USER",
        actorUserId: student,
        reason: "선생님을 골랐어요.",
        set: { tutorUserId: tutor, weeklyPlan: [...PLAN], matchedAt: now },
      });
      if (target === "ACTIVE") {
        // The last four lessons before today: two held with the tutor's notes, and the two most
        // recent still to be recorded by the tutor (what /_app/tutor asks first).
        const past = occurrencesOf(
          [...PLAN],
          new Date(now.getTime() - 29 * 24 * 3600 * 1000),
          5,
        ).filter((o) => o.endsAt < now);
        for (const [i, o] of past.slice(-4).entries()) {
          const held = i < 2;
          await tx.insert(schema.lessons).values({
            lectureId: lecture.id,
            userId: student,
            tutorUserId: tutor,
            recurrenceId: o.recurrenceId,
            startsAt: o.startsAt,
            endsAt: o.endsAt,
            minutes: o.minutes,
            state: held ? "DONE" : "RESERVATION",
            heldMinutes: held ? o.minutes : null,
            note: held
              ? i === 0
                ? "일차함수 그래프 개념 정리, 숙제: 교재 12~15쪽"
                : "이차함수 기본형, 숙제: 오답 노트 3문제"
              : null,
            recordedAt: held ? o.endsAt : null,
          });
        }
        await moveLecture(deps, tx, {
          lecture: matched,
          to: "ACTIVE",
          at: now,
          initiator: "AUTO",
          actorUserId: null,
          reason: "첫 수업을 했어요.",
        });
      }
    });
  }
  return written;
}
