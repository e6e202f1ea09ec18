/**
 * Who an order is for (docs/api/payments.md "Who may act for whom"): a signed-in student buys
 * for themselves; a parent picks one of their children (CHILDREN of the login response, kept in
 * the cart as studentUserNo); a guest has no one yet (anonymous catalog); tutors and staff do
 * not buy here.
 */
import { useRootStore, type LoginChild } from "../../stores/root-store";
import { useCartStore } from "./cart-store";

export type Buyer =
  | { kind: "guest"; userNo: null }
  | { kind: "student"; userNo: number; name: string }
  | { kind: "parent"; userNo: number | null; children: LoginChild[]; name: string }
  | { kind: "other"; userNo: null };

/** The buyer of the current session; a parent's choice is kept in the cart. */
export function useBuyer(): Buyer & { chooseChild: (userNo: number) => void } {
  const auth = useRootStore((state) => state.auth);
  const chosen = useCartStore((state) => state.studentUserNo);
  const setCart = useCartStore((state) => state.setCart);
  const chooseChild = (userNo: number) => setCart({ studentUserNo: userNo });
  const data = auth.flag ? auth.data : null;
  if (!data) return { kind: "guest", userNo: null, chooseChild };
  const name = data.USER_NAME ?? data.EMAIL_ID;
  if (data.USER_TYPE === "STUDENT") {
    return { kind: "student", userNo: data.USER_NO, name, chooseChild };
  }
  if (data.USER_TYPE === "PARENT") {
    const children = data.CHILDREN ?? [];
    const child = children.find((c) => c.USER_NO === chosen) ?? children[0];
    return { kind: "parent", userNo: child?.USER_NO ?? null, children, name, chooseChild };
  }
  return { kind: "other", userNo: null, chooseChild };
}

/** The sign-in page that comes back to `path` afterwards (/accounts/login?continue=). */
export function signInThen(path: string): string {
  return `/accounts/login?continue=${encodeURIComponent(path)}`;
}

/** Where a guest who pressed 결제하기 goes: sign in, then the checkout. */
export const GUEST_CHECKOUT_SIGN_IN = signInThen("/_app/checkout");
