/**
 * What other areas may use of the lectures area (issue #13): reading a lecture with the access
 * rule, moving it by the transition table, and the `lecture.moved` event.
 */
import type { LectureState } from "@seoltab/domain";
import type { LectureRow } from "./lectures.repository.ts";

export {
  countLecturesOfTutors,
  findLectureById,
  findLectureByPaymentItem,
  findLecturesInStates,
  findLecturesOfPayment,
  findLecturesOfUser,
  updateLecturePlan,
  type LectureRow,
} from "./lectures.repository.ts";
export { isStaff, lectureForCaller, moveLecture, notYourLecture } from "./lectures.service.ts";

/** `lecture.moved`: a lecture changed state, emitted inside the transaction that moved it. */
export interface LectureMovedEvent {
  lecture: LectureRow;
  from: LectureState;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "lecture.moved": LectureMovedEvent;
  }
}
