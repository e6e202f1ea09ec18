import type { MessageTemplate } from "../messages.ts";

/** 자동 결제 3일 전 안내: amount, date and how to stop. */
export const renewalNotice: MessageTemplate = {
  id: "renewal-notice",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 자동 결제 예정 안내\n\n상품: #{name}\n결제 예정일: #{chargeDate}\n결제 예정 금액: #{amount}\n\n자동 결제를 멈추려면 결제일 전에 내 수업에서 '자동 결제 해지'를 눌러 주세요.",
  variables: ["name", "chargeDate", "amount", "manageUrl"],
  buttons: [{ name: "내 수업 보기", url: "#{manageUrl}" }],
};
