import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  REVIEW_PUBLICATION_STATES,
  REVIEW_PUBLICATION_TRANSITIONS,
  publicationStateOf,
} from "./cycle-reviews.ts";
import { TransitionNotAllowedError, assertTransition, canTransition } from "./payments.ts";
import {
  LOW_SCORE_MAX,
  REVIEW_COMMENT_MAX,
  asksTutorChange,
  dueReviewCycle,
  isLowReviewScore,
  isValidReviewScore,
  parseCycleReview,
  reviewStars,
} from "./cycle-reviews.ts";

describe("dueReviewCycle (cycle n due once held >= 4n and not reviewed)", () => {
  it.each([
    { held: 0, reviewed: [], due: null },
    { held: 3, reviewed: [], due: null },
    { held: 4, reviewed: [], due: 1 },
    { held: 5, reviewed: [], due: 1 },
    { held: 7, reviewed: [1], due: null },
    { held: 8, reviewed: [1], due: 2 },
    { held: 8, reviewed: [], due: 2 },
    { held: 8, reviewed: [2], due: null },
    { held: 12, reviewed: [1, 2], due: 3 },
    { held: 13, reviewed: [1, 2, 3], due: null },
  ])("held $held, reviewed $reviewed → $due", ({ held, reviewed, due }) => {
    expect(dueReviewCycle(held, reviewed)).toBe(due);
  });

  it("a due cycle is always reached, never reviewed, and is the latest reached one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 20 }),
        (held, reviewed) => {
          const due = dueReviewCycle(held, reviewed);
          if (due === null) {
            expect(held < 4 || reviewed.includes(Math.floor(held / 4))).toBe(true);
          } else {
            expect(held).toBeGreaterThanOrEqual(4 * due);
            expect(held).toBeLessThan(4 * (due + 1));
            expect(reviewed).not.toContain(due);
          }
          // Reviewing the due cycle leaves nothing due until 4 more lessons are held.
          if (due !== null) {
            expect(dueReviewCycle(held, [...reviewed, due])).toBeNull();
            expect(dueReviewCycle(held + 4, [...reviewed, due])).toBe(
              reviewed.includes(due + 1) ? null : due + 1,
            );
          }
        },
      ),
    );
  });
});

describe("scores", () => {
  it.each([
    [0, true],
    [6, true],
    [10, true],
    [11, false],
    [-1, false],
    [2.5, false],
    [Number.NaN, false],
    ["7", false],
    [null, false],
  ])("isValidReviewScore(%j) = %s", (score, valid) => {
    expect(isValidReviewScore(score)).toBe(valid);
  });

  it.each([
    { score: 0, wants: true, low: true, asks: true },
    { score: LOW_SCORE_MAX, wants: true, low: true, asks: true },
    { score: LOW_SCORE_MAX + 1, wants: true, low: false, asks: false },
    { score: 3, wants: false, low: true, asks: false },
    { score: 10, wants: false, low: false, asks: false },
  ])("score $score, change $wants → low $low, asks $asks", ({ score, wants, low, asks }) => {
    expect(isLowReviewScore(score)).toBe(low);
    expect(asksTutorChange({ score, wantsTutorChange: wants })).toBe(asks);
  });

  it.each([
    [0, 0],
    [1, 1],
    [6, 3],
    [7, 4],
    [10, 5],
  ])("reviewStars(%i) = %i", (score, stars) => {
    expect(reviewStars(score)).toBe(stars);
  });
});

describe("parseCycleReview", () => {
  const good = {
    cycle: 1,
    score: 8,
    comment: "  설명이 꼼꼼해요  ",
    wantsTutorChange: false,
    publishConsent: true,
  };

  it("trims the comment and keeps the values", () => {
    expect(parseCycleReview(good)).toEqual({
      ok: true,
      value: { ...good, comment: "설명이 꼼꼼해요" },
    });
    const blank = parseCycleReview({ ...good, comment: "   " });
    expect(blank.ok && blank.value.comment).toBeNull();
  });

  it.each([
    [{ score: 11 }, "score"],
    [{ score: -1 }, "score"],
    [{ score: 2.5 }, "score"],
    [{ cycle: 0 }, "cycle"],
    [{ comment: "가".repeat(REVIEW_COMMENT_MAX + 1) }, "comment"],
    [{ wantsTutorChange: "yes" }, "wantsTutorChange"],
    [{ publishConsent: null }, "publishConsent"],
  ])("refuses %j on field %s with a Korean message", (patch, field) => {
    const result = parseCycleReview({ ...good, ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.field)).toEqual([field]);
      expect(result.problems[0]!.message).toMatch(/[가-힣]/);
    }
  });

  it("accepts exactly 1,000 characters", () => {
    expect(parseCycleReview({ ...good, comment: "가".repeat(REVIEW_COMMENT_MAX) }).ok).toBe(true);
  });
});

describe("REVIEW_PUBLICATION_TRANSITIONS (issue #10)", () => {
  it("staff publish and unpublish; publishing twice (or unpublishing twice) is refused", () => {
    const table = Object.fromEntries(
      REVIEW_PUBLICATION_STATES.map((from) => [
        from,
        REVIEW_PUBLICATION_STATES.filter((to) =>
          canTransition(REVIEW_PUBLICATION_TRANSITIONS, from, to),
        ),
      ]),
    );
    expect(table).toEqual({ UNPUBLISHED: ["PUBLISHED"], PUBLISHED: ["UNPUBLISHED"] });
    expect(publicationStateOf(null)).toBe("UNPUBLISHED");
    expect(publicationStateOf(new Date(0))).toBe("PUBLISHED");
    expect(() =>
      assertTransition(
        REVIEW_PUBLICATION_TRANSITIONS,
        "review publication",
        "PUBLISHED",
        "PUBLISHED",
      ),
    ).toThrow(TransitionNotAllowedError);
  });
});
