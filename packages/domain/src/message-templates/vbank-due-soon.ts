import type { MessageTemplate } from "../messages.ts";

/** 가상계좌 입금 기한 24시간 전. */
export const vbankDueSoon: MessageTemplate = {
  id: "vbank-due-soon",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 가상계좌 입금 기한이 다가왔어요.\n\n상품: #{orderName}\n입금 금액: #{amount}\n입금 계좌: #{bankName} #{accountNumber}\n입금 기한: #{dueAt}까지",
  variables: ["orderName", "amount", "bankName", "accountNumber", "dueAt"],
};
