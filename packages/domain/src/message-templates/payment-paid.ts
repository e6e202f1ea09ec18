import type { MessageTemplate } from "../messages.ts";

/** 결제 완료: to the student (or the parents of a child under 14) and linked parents. */
export const paymentPaid: MessageTemplate = {
  id: "payment-paid",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 결제가 완료되었어요.\n\n상품: #{orderName}\n결제 금액: #{amount}\n결제 일시: #{paidAt}\n\n영수증은 아래 버튼에서 확인할 수 있어요.",
  variables: ["orderName", "amount", "paidAt", "receiptUrl"],
  buttons: [{ name: "영수증 보기", url: "#{receiptUrl}" }],
};
