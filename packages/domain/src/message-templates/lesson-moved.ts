import type { MessageTemplate } from "../messages.ts";

/** 수업 시간 변경. */
export const lessonMoved: MessageTemplate = {
  id: "lesson-moved",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 수업 시간이 바뀌었어요.\n\n수업: #{lectureTitle}\n바뀌기 전: #{from}\n바뀐 시간: #{to}",
  variables: ["lectureTitle", "from", "to"],
};
