import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  TUTOR_APPLICATION_STATES,
  TUTOR_APPLICATION_TRANSITIONS,
  TUTOR_DECISIONS,
  activationBlockers,
  defaultTutorResume,
  maskTutorName,
  matchabilityProblems,
  nextTutorApplicationState,
  resumeSubmitProblems,
  tutorAgreementDocument,
  universityTermOf,
  weeklyBlockProblems,
  type TutorApplicationState,
} from "./tutor-applications.ts";

describe("tutor application moves", () => {
  it.each([
    ["SUBMITTED", "APPROVE", "DOCUMENTS_OK"],
    ["SUBMITTED", "REJECT", "NOGOOD"],
    ["SUBMITTED", "DOCUMENTS_OK", "DOCUMENTS_OK"],
    ["VOICE_SUBMITTED", "APPROVE", "GPASS"],
    ["VOICE_SUBMITTED", "REJECT", "NPASS"],
    ["VOICE_SUBMITTED", "NPASS", "NPASS"],
    ["GPASS", "APPROVE", "CONTRACT"],
    ["CONTRACT", "APPROVE", "ACTIVE"],
    ["ACTIVE", "PAUSE", "PAUSED"],
    ["PAUSED", "RESUME", "ACTIVE"],
    ["PAUSED", "APPROVE", "ACTIVE"],
    ["ACTIVE", "END", "ENDED"],
    ["CONTRACT", "END", "ENDED"],
  ] as const)("%s + %s → %s", (from, decision, to) => {
    expect(nextTutorApplicationState(from, decision)).toBe(to);
  });

  it.each([
    ["JOIN", "APPROVE"], // the applicant submits; staff cannot
    ["SUBMITTED", "ACTIVE"], // skipping every step
    ["SUBMITTED", "GPASS"], // skipping the voice answer
    ["DOCUMENTS_OK", "APPROVE"], // the voice answer is the applicant's to send
    ["DOCUMENTS_OK", "VOICE_SUBMITTED"], // an applicant's own step
    ["GPASS", "ACTIVE"], // skipping the agreement
    ["NOGOOD", "APPROVE"],
    ["NOGOOD", "SUBMITTED"],
    ["ENDED", "RESUME"],
    ["ENDED", "END"],
    ["ACTIVE", "RESUME"],
    ["JOIN", "END"],
    ["SUBMITTED", "END"],
  ] as const)("%s + %s is refused", (from, decision) => {
    expect(nextTutorApplicationState(from, decision)).toBeNull();
  });

  it("never leads anywhere the transition table does not allow", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TUTOR_APPLICATION_STATES),
        fc.constantFrom(...TUTOR_DECISIONS, ...TUTOR_APPLICATION_STATES),
        (from, decision) => {
          const to = nextTutorApplicationState(from, decision);
          if (to !== null) expect(TUTOR_APPLICATION_TRANSITIONS[from]).toContain(to);
        },
      ),
    );
  });

  it("ENDED is terminal and every state is in the table", () => {
    expect(TUTOR_APPLICATION_TRANSITIONS.ENDED).toEqual([]);
    for (const state of TUTOR_APPLICATION_STATES) {
      for (const to of TUTOR_APPLICATION_TRANSITIONS[state]) {
        expect(TUTOR_APPLICATION_STATES).toContain(to);
      }
    }
  });

  it("reaches ACTIVE only through CONTRACT or PAUSED", () => {
    const into = TUTOR_APPLICATION_STATES.filter((s: TutorApplicationState) =>
      TUTOR_APPLICATION_TRANSITIONS[s].includes("ACTIVE"),
    );
    expect(into.sort()).toEqual(["CONTRACT", "PAUSED"]);
  });
});

describe("activationBlockers", () => {
  const complete = {
    hasEnrollmentProof: true,
    checks: { SEX_OFFENSE: "CLEAR", CHILD_ABUSE: "CLEAR" } as const,
    agreementSigned: true,
  };
  it("is empty with everything on file", () => {
    expect(activationBlockers(complete)).toEqual([]);
  });
  it("names each missing piece", () => {
    expect(activationBlockers({ ...complete, hasEnrollmentProof: false })).toEqual([
      "재학증명서가 없어요.",
    ]);
    expect(activationBlockers({ ...complete, checks: { SEX_OFFENSE: "CLEAR" } })).toHaveLength(1);
    expect(
      activationBlockers({
        ...complete,
        checks: { SEX_OFFENSE: "FOUND", CHILD_ABUSE: "CLEAR" },
      })[0],
    ).toContain("경력이 있어요");
    expect(
      activationBlockers({
        ...complete,
        checks: { SEX_OFFENSE: "REQUESTED", CHILD_ABUSE: "CLEAR" },
      }),
    ).toHaveLength(1);
    expect(activationBlockers({ ...complete, agreementSigned: false })).toEqual([
      "선생님 계약서 서명이 없어요.",
    ]);
    expect(
      activationBlockers({ hasEnrollmentProof: false, checks: {}, agreementSigned: false }),
    ).toHaveLength(4);
  });
});

describe("weeklyBlockProblems", () => {
  it("accepts separate blocks ending by 22:00", () => {
    expect(
      weeklyBlockProblems([
        { day: "MON", start: "18:00", end: "20:00" },
        { day: "MON", start: "20:00", end: "22:00" },
        { day: "SAT", start: "09:00", end: "12:00" },
      ]),
    ).toEqual([]);
  });
  it.each([
    [{ day: "MON", start: "21:00", end: "22:30" }, "밤 10시"],
    [{ day: "MON", start: "20:00", end: "19:00" }, "시작이 끝보다"],
    [{ day: "MON", start: "8:00", end: "09:00" }, "00:00 형식"],
    [{ day: "XYZ", start: "08:00", end: "09:00" }, "알 수 없는"],
  ] as const)("refuses %o", (block, message) => {
    const problems = weeklyBlockProblems([block as never]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });
  it("refuses overlapping blocks on one day", () => {
    expect(
      weeklyBlockProblems([
        { day: "TUE", start: "18:00", end: "20:00" },
        { day: "TUE", start: "19:30", end: "21:00" },
      ])[0],
    ).toContain("겹쳐요");
  });
});

describe("resume", () => {
  const now = new Date("2026-11-24T03:00:00Z");
  it("has SPEC.md §3's defaults", () => {
    const resume = defaultTutorResume();
    expect(resume.universityStatus).toBe("ENROLLED");
    expect(resume.wifiRouter).toBe("OLD");
    expect(resume.privacyOptIn).toBe(true);
    expect(resume.marketingOptIn).toBe(true);
    expect(resume.pushSwitches).toEqual(["normal", "night", "ad", "ad-sms", "ad-email"]);
  });
  it("names every missing field of an empty draft", () => {
    const fields = resumeSubmitProblems(
      defaultTutorResume(),
      { hasEnrollmentProof: false },
      now,
    ).map((p) => p.field);
    expect(fields).toEqual([
      "name",
      "phone",
      "birthYear",
      "highSchoolType",
      "enterYear",
      "university",
      "major",
      "subjects",
      "availableTimes",
      "classTypes",
      "address",
      "bio",
      "backgroundCheckConsent",
      "enrollmentProof",
    ]);
  });
  it("accepts a complete resume", () => {
    expect(
      resumeSubmitProblems(
        {
          ...defaultTutorResume(),
          name: "김서연",
          phone: "01012345678",
          phoneVerified: true,
          birthYear: 2004,
          highSchoolType: "GENERAL",
          enterYear: 2023,
          university: "서울대학교",
          major: "수학교육과",
          subjects: [1001],
          availableTimes: [{ day: "MON", start: "18:00", end: "20:00" }],
          classTypes: ["SMART"],
          zonecode: "08826",
          address: "서울 관악구 관악로 1",
          bio: "수학을 좋아하는 학생과 함께 개념부터 차근차근 쌓아 올리는 수업을 하고 싶어요. 질문을 많이 하는 수업이에요.",
          backgroundCheckConsent: true,
        },
        { hasEnrollmentProof: true },
        now,
      ),
    ).toEqual([]);
  });
});

describe("terms and matchability", () => {
  it.each([
    ["2026-03-01T00:00:00+09:00", "2026-1"],
    ["2026-08-31T23:59:00+09:00", "2026-1"],
    ["2026-09-01T00:00:00+09:00", "2026-2"],
    ["2027-02-28T12:00:00+09:00", "2026-2"],
    ["2026-02-28T23:59:00+09:00", "2025-2"],
  ])("%s is term %s", (at, term) => {
    expect(universityTermOf(new Date(at))).toBe(term);
  });

  const now = new Date("2026-11-24T03:00:00Z");
  const ok = {
    state: "ACTIVE",
    matchingAvailable: true,
    universityStatus: "ENROLLED",
    universityStatusConfirmedAt: new Date("2026-09-02T00:00:00Z"),
  } as const;
  it("lets an active, available, enrolled tutor confirmed this term be matched", () => {
    expect(matchabilityProblems(ok, now)).toEqual([]);
  });
  it("keeps out a tutor on leave, paused, switched off or not confirmed this term", () => {
    expect(matchabilityProblems({ ...ok, universityStatus: "LEAVE" }, now)).toHaveLength(1);
    expect(matchabilityProblems({ ...ok, state: "PAUSED" }, now)).toHaveLength(1);
    expect(matchabilityProblems({ ...ok, matchingAvailable: false }, now)).toHaveLength(1);
    expect(
      matchabilityProblems(
        { ...ok, universityStatusConfirmedAt: new Date("2026-08-30T00:00:00Z") },
        now,
      ),
    ).toHaveLength(1);
  });
});

describe("names and the agreement", () => {
  it("masks all but the family name", () => {
    expect(maskTutorName("김서연")).toBe("김**");
    expect(maskTutorName("남궁민수")).toBe("남***");
    expect(maskTutorName(null)).toBe("선생님");
  });
  it("renders a versioned agreement naming the tutor", () => {
    const doc = tutorAgreementDocument({ tutorName: "김서연", date: "2026년 11월 24일" });
    expect(doc.version).toMatch(/tutor/);
    expect(doc.text).toContain("김서연");
    expect(doc.text).toContain("청소년성보호법 제56조");
  });
});
