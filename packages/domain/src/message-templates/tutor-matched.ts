import type { MessageTemplate } from "../messages.ts";

/** 선생님 매칭 완료: to the family and the tutor. */
export const tutorMatched: MessageTemplate = {
  id: "tutor-matched",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 선생님과 수업이 정해졌어요.\n\n수업: #{lectureTitle}\n선생님: #{tutorName}\n학생: #{studentName}\n수업 시간: #{schedule}",
  variables: ["lectureTitle", "tutorName", "studentName", "schedule"],
};
