/**
 * Who an order is for (docs/api/payments.md "Who may act for whom"): a signed-in student buys
 * for themselves; a parent acts for one of their children (CHILDREN of the login response, the
 * tab-wide choice of stores/acting-child-store, shared with the account pages); a guest has no
 * one yet (anonymous catalog); tutors and staff do not buy here.
 */
import { actingChildOf, useActingChildStore } from "../../stores/acting-child-store";
import { useRootStore, type LoginChild } from "../../stores/root-store";

export type Buyer =
  | { kind: "guest"; userNo: null }
  | { kind: "student"; userNo: number; name: string }
  | { kind: "parent"; userNo: number | null; children: LoginChild[]; name: string }
  | { kind: "other"; userNo: null };

/** The buyer of the current session; a parent's choice is the tab-wide acting child. */
export function useBuyer(): Buyer & { chooseChild: (userNo: number) => void } {
  const auth = useRootStore((state) => state.auth);
  const chosen = useActingChildStore((state) => state.childUserNo);
  const chooseChild = useActingChildStore((state) => state.chooseChild);
  const data = auth.flag ? auth.data : null;
  if (!data) return { kind: "guest", userNo: null, chooseChild };
  const name = data.USER_NAME ?? data.EMAIL_ID;
  if (data.USER_TYPE === "STUDENT") {
    return { kind: "student", userNo: data.USER_NO, name, chooseChild };
  }
  if (data.USER_TYPE === "PARENT") {
    const children = data.CHILDREN ?? [];
    const child = actingChildOf(children, chosen);
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
