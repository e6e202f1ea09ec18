/**
 * What other areas may use of the tutor-applications area (issue #12): the tutors who may be
 * suggested to a family (issue #13 matching) and their profile cards. Only ACTIVE applications
 * whose tutor passes packages/domain `matchabilityProblems` are matchable.
 */
import type { TutorApplicationState } from "@seoltab/domain";
import type { Database } from "@seoltab/db";
import { matchabilityProblems, maskTutorName, type TutorResume } from "@seoltab/domain";
import { findActiveApplications } from "./tutor-applications.repository.ts";
import { resumeOf } from "./tutor-applications.service.ts";

/** A tutor as matching sees them: the resume (no contact details leave this area) and the card. */
export interface MatchableTutor {
  tutorId: number;
  applicationId: number;
  resume: Omit<TutorResume, "phone" | "zonecode" | "address" | "addressDetail">;
  card: {
    tutorId: number;
    maskedName: string;
    university: string | null;
    major: string | null;
    subjects: number[];
    classTypes: string[];
    bio: string | null;
  };
}

/** Every tutor who may be suggested to a family now (ACTIVE, available, enrolled this term). */
export async function findMatchableTutors(db: Database, now: Date): Promise<MatchableTutor[]> {
  const rows = await findActiveApplications(db);
  return rows
    .filter(
      (row) =>
        matchabilityProblems(
          {
            state: "ACTIVE",
            matchingAvailable: row.matchingAvailable,
            universityStatus: resumeOf(row).universityStatus,
            universityStatusConfirmedAt: row.universityStatusConfirmedAt,
          },
          now,
        ).length === 0,
    )
    .map((row) => {
      const { phone: _p, zonecode: _z, address: _a, addressDetail: _d, ...resume } = resumeOf(row);
      return {
        tutorId: row.userId,
        applicationId: row.id,
        resume,
        card: {
          tutorId: row.userId,
          maskedName: maskTutorName(resume.name),
          university: resume.university,
          major: resume.major,
          subjects: resume.subjects,
          classTypes: resume.classTypes,
          bio: resume.bio,
        },
      };
    });
}

/** `tutor-application.moved`: an application changed state (messages tell the applicant). */
export interface TutorApplicationMovedEvent {
  applicationId: number;
  /** The applicant. */
  userId: number;
  from: TutorApplicationState;
  to: TutorApplicationState;
  reason: string | null;
  at: Date;
}

/** `tutor-application.stalled`: a step waiting on the applicant passed 7 days (once). */
export interface TutorApplicationStalledEvent {
  applicationId: number;
  userId: number;
  state: TutorApplicationState;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "tutor-application.moved": TutorApplicationMovedEvent;
    "tutor-application.stalled": TutorApplicationStalledEvent;
  }
}
