/**
 * Every state-transition table of the domain (issue #10, CONVENTIONS.md 14), checked the same
 * way over all (from, to) pairs: the table is closed (every target is one of its states),
 * `assertTransition` throws exactly when `canTransition` says no, and `sourcesOf` (what a
 * conditional UPDATE moves from) names exactly the states that may reach a target.
 */
import { describe, expect, it } from "vitest";
import { ACCOUNT_STATUS_TRANSITIONS } from "./accounts.ts";
import { ADMIN_ACTION_TRANSITIONS } from "./admin.ts";
import { CONSULTATION_TRANSITIONS } from "./consultations.ts";
import { REVIEW_PUBLICATION_TRANSITIONS } from "./cycle-reviews.ts";
import { DIAGNOSIS_ATTEMPT_TRANSITIONS } from "./diagnosis/index.ts";
import { LINK_REQUEST_TRANSITIONS } from "./family-accounts.ts";
import { LECTURE_CHANGE_TRANSITIONS } from "./lecture-changes.ts";
import { LECTURE_TRANSITIONS } from "./lectures.ts";
import { LESSON_REQUEST_TRANSITIONS } from "./lesson-requests.ts";
import { LESSON_TRANSITIONS } from "./lessons.ts";
import { MATCHING_TRANSITIONS, SUGGESTION_TRANSITIONS } from "./matching.ts";
import { MESSAGE_TRANSITIONS } from "./messages.ts";
import {
  PAYMENT_ITEM_TRANSITIONS,
  PAYMENT_TRANSITIONS,
  REFUND_REQUEST_TRANSITIONS,
  TransitionNotAllowedError,
  assertTransition,
  canTransition,
  sourcesOf,
  type TransitionTable,
} from "./payments.ts";
import { SUBSCRIPTION_TRANSITIONS } from "./subscriptions.ts";
import { TUTOR_APPLICATION_TRANSITIONS } from "./tutor-applications.ts";

const TABLES: Record<string, TransitionTable<string>> = {
  ACCOUNT_STATUS_TRANSITIONS,
  ADMIN_ACTION_TRANSITIONS,
  CONSULTATION_TRANSITIONS,
  DIAGNOSIS_ATTEMPT_TRANSITIONS,
  LECTURE_CHANGE_TRANSITIONS,
  LECTURE_TRANSITIONS,
  LESSON_REQUEST_TRANSITIONS,
  LESSON_TRANSITIONS,
  LINK_REQUEST_TRANSITIONS,
  MATCHING_TRANSITIONS,
  MESSAGE_TRANSITIONS,
  PAYMENT_ITEM_TRANSITIONS,
  PAYMENT_TRANSITIONS,
  REFUND_REQUEST_TRANSITIONS,
  REVIEW_PUBLICATION_TRANSITIONS,
  SUBSCRIPTION_TRANSITIONS,
  SUGGESTION_TRANSITIONS,
  TUTOR_APPLICATION_TRANSITIONS,
};

describe.each(Object.entries(TABLES))("%s", (_name, table) => {
  const states = Object.keys(table);

  it("is closed: every target is one of its states", () => {
    for (const from of states) {
      for (const to of table[from]!) expect(states).toContain(to);
    }
  });

  it("assertTransition throws exactly for the pairs canTransition refuses; sourcesOf agrees", () => {
    for (const to of states) {
      const sources: string[] = [];
      for (const from of states) {
        const allowed = canTransition(table, from, to);
        if (allowed) {
          sources.push(from);
          expect(() => assertTransition(table, "x", from, to)).not.toThrow();
        } else {
          expect(() => assertTransition(table, "x", from, to)).toThrow(TransitionNotAllowedError);
        }
      }
      expect(sourcesOf(table, to)).toEqual(sources);
    }
    expect(() => assertTransition(table, "x", "NOT_A_STATE", states[0]!)).toThrow(
      TransitionNotAllowedError,
    );
  });
});
