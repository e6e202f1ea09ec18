import type { MessageTemplate } from "../messages.ts";

/** 수업 기록: the tutor's note, to the parent(s). */
export const lessonNote: MessageTemplate = {
  id: "lesson-note",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] #{studentName} 학생의 수업 기록이 도착했어요.\n\n수업: #{lectureTitle}\n일시: #{startsAt} (#{minutes}분)\n선생님 메모: #{note}",
  variables: ["studentName", "lectureTitle", "startsAt", "minutes", "note"],
};
