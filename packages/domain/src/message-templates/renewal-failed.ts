import type { MessageTemplate } from "../messages.ts";

/** 자동 결제 실패. */
export const renewalFailed: MessageTemplate = {
  id: "renewal-failed",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 자동 결제가 되지 않았어요.\n\n상품: #{name}\n금액: #{amount}\n사유: #{reason}\n\n카드를 확인하거나 새 카드를 등록해 주세요. 하루 뒤 다시 결제를 시도해요.",
  variables: ["name", "amount", "reason", "cardUrl"],
  buttons: [{ name: "결제 카드 관리", url: "#{cardUrl}" }],
};
