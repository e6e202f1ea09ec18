import type { MessageTemplate } from "../messages.ts";

/** 수업 알림: the day before at 20:00 and 1 hour before (Asia/Seoul). */
export const lessonReminder: MessageTemplate = {
  id: "lesson-reminder",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] #{when} 수업이 있어요.\n\n수업: #{lectureTitle}\n일시: #{startsAt} (#{minutes}분)\n선생님: #{tutorName}\n학생: #{studentName}",
  variables: ["when", "lectureTitle", "startsAt", "minutes", "tutorName", "studentName"],
};
