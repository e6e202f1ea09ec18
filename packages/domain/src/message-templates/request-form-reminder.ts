import type { MessageTemplate } from "../messages.ts";

/** 수업 신청서 미작성 (결제 1일, 3일 뒤). */
export const requestFormReminder: MessageTemplate = {
  id: "request-form-reminder",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 수업 신청서를 기다리고 있어요.\n\n#{lectureTitle} 결제가 끝났어요. 수업 신청서를 보내 주시면 맞는 선생님을 찾아 드려요.",
  variables: ["lectureTitle", "formUrl"],
  buttons: [{ name: "수업 신청서 쓰기", url: "#{formUrl}" }],
};
