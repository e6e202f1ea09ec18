import type { MessageTemplate } from "../messages.ts";

/** 환불 완료. */
export const refundDone: MessageTemplate = {
  id: "refund-done",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 환불이 완료되었어요.\n\n상품: #{orderName}\n환불 금액: #{amount}\n\n카드 결제는 카드사에 따라 3~7영업일 뒤 취소 내역이 보여요.",
  variables: ["orderName", "amount"],
};
