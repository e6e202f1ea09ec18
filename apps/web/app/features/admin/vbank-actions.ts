/**
 * The actions on a virtual account awaiting deposit (issue 16; docs/api/admin.md): which the
 * signed-in role may offer (the permission table) and what the confirm step says (the amount in
 * won). Pure.
 */
import { mayPerform, type AdminAction } from "@seoltab/domain/admin";
import { won } from "./format";

export type VbankAction = "REMIND" | "REISSUE" | "CANCEL";

export const VBANK_ACTION_LABELS: Readonly<Record<VbankAction, string>> = {
  REMIND: "입금 안내 다시 보내기",
  REISSUE: "가상계좌 재발급",
  CANCEL: "가상계좌 발급 취소",
};

const PERMISSION: Readonly<Record<VbankAction, AdminAction>> = {
  REMIND: "vbank.remind",
  REISSUE: "vbank.reissue",
  CANCEL: "vbank.cancel",
};

/** The actions `role` may take (SALES_TEAM: remind only), in the order of the menu. */
export function vbankActionsFor(role: string | null | undefined): VbankAction[] {
  return (Object.keys(PERMISSION) as VbankAction[]).filter(
    (a) => !!role && mayPerform(role, PERMISSION[a]),
  );
}

/** The confirm step's sentence: what happens, to whom, for how much. */
export function vbankConfirmText(
  action: VbankAction,
  row: { USER_NAME: string | null; PAID_PRICE: number },
  dueDays: number,
): string {
  const who = row.USER_NAME ? `${row.USER_NAME}님` : "이 가족";
  const amount = won(row.PAID_PRICE);
  switch (action) {
    case "REMIND":
      return `${who}에게 입금 금액 ${amount}과 계좌를 다시 안내할까요?`;
    case "REISSUE":
      return `${who}의 주문 ${amount}에 새 가상계좌를 발급할까요? 지금 계좌는 취소되고, 새 입금 기한은 ${dueDays}일 뒤 자정이에요.`;
    case "CANCEL":
      return `${who}의 가상계좌(${amount})를 취소할까요? 주문도 함께 취소돼요.`;
  }
}
