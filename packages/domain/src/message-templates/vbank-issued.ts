import type { MessageTemplate } from "../messages.ts";

/** 가상계좌 발급: the account to deposit into and its deadline. */
export const vbankIssued: MessageTemplate = {
  id: "vbank-issued",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 가상계좌가 발급되었어요.\n\n상품: #{orderName}\n입금 금액: #{amount}\n입금 계좌: #{bankName} #{accountNumber} (예금주 #{holder})\n입금 기한: #{dueAt}까지\n\n기한이 지나면 주문이 취소돼요.",
  variables: ["orderName", "amount", "bankName", "accountNumber", "holder", "dueAt"],
};
