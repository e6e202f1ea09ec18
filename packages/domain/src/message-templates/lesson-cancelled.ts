import type { MessageTemplate } from "../messages.ts";

/** 수업 취소. */
export const lessonCancelled: MessageTemplate = {
  id: "lesson-cancelled",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 수업이 취소되었어요.\n\n수업: #{lectureTitle}\n일시: #{startsAt}\n사유: #{reason}",
  variables: ["lectureTitle", "startsAt", "reason"],
};
