/**
 * The payment state of SPEC.md §3: `paymentCardType` (why the card form is open),
 * `cardRegisResponse` (the registered card's id), and the flags for card registration and payment
 * success. Not persisted (SPEC.md §3 persists only auth, enrollment and userInfo).
 */
import { create } from "zustand";

/**
 * Why a card is being registered (SPEC.md §4 "Card registration"): "change_payment" or "" (the
 * checkout, or a plain change) toggle `paymentFlag`, so a waiting checkout goes on to pay;
 * "change_pre" returns to /home_pre_member.
 */
export type PaymentCardType = "" | "change_payment" | "change_pre";

export interface PaymentStoreState {
  paymentCardType: PaymentCardType;
  /** The card id answered by registerMainBillingCard, null before/after a failure. */
  cardRegisResponse: number | null;
  /** True after a successful card registration. */
  cardRegisFlag: boolean;
  /** Toggled after a card registration of type "change_payment" or "". */
  paymentFlag: boolean;
  /** True after a payment succeeded (PAID or READY). */
  paymentSuccessFlag: boolean;
  setPaymentCardType: (type: PaymentCardType) => void;
  setCardRegistered: (cardId: number | null) => void;
  togglePaymentFlag: () => void;
  setPaymentSuccess: (success: boolean) => void;
  reset: () => void;
}

const INITIAL = {
  paymentCardType: "" as PaymentCardType,
  cardRegisResponse: null,
  cardRegisFlag: false,
  paymentFlag: false,
  paymentSuccessFlag: false,
};

export const usePaymentStore = create<PaymentStoreState>()((set) => ({
  ...INITIAL,
  setPaymentCardType: (paymentCardType) => set({ paymentCardType }),
  setCardRegistered: (cardId) => set({ cardRegisResponse: cardId, cardRegisFlag: cardId !== null }),
  togglePaymentFlag: () => set((state) => ({ paymentFlag: !state.paymentFlag })),
  setPaymentSuccess: (paymentSuccessFlag) => set({ paymentSuccessFlag }),
  reset: () => set(INITIAL),
}));
