import type { MessageTemplate } from "../messages.ts";

/** 선생님 지원 상태 변경 (and a reminder of a stalled step). */
export const tutorApplicationStatus: MessageTemplate = {
  id: "tutor-application-status",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 선생님 지원 상태 안내\n\n#{name}님, 지원 상태가 '#{stateLabel}'(으)로 바뀌었어요.\n#{nextStep}",
  variables: ["name", "stateLabel", "nextStep", "statusUrl"],
  buttons: [{ name: "지원 현황 보기", url: "#{statusUrl}" }],
};
