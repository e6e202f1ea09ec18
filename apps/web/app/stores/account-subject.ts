/**
 * The acting subject (docs/api/payments.md "Who may act for whom"): whose lessons, payments,
 * contracts and orders the signed-in person's pages are about. A student acts for themselves; a
 * parent for one of their children (CHILDREN of the login response, the tab-wide choice of
 * stores/acting-child-store, the first child by default); tutors and staff have no subject on
 * these pages ("other"); a guest must sign in (or browses the anonymous catalog).
 *
 * One hook for the account pages (home, payments, contracts), the enrollment page, the checkout
 * and the billing card (issue #10: it was two hooks, useAccountSubject and useBuyer, which
 * called a parent's `name` two different things).
 */
import { actingChildOf, useActingChildStore } from "./acting-child-store";
import { useRootStore, type LoginChild } from "./root-store";

export type AccountSubject =
  | { kind: "guest"; userNo: null }
  | {
      kind: "student";
      userNo: number;
      /** The student's own name (the email when the record has none). */
      name: string;
    }
  | {
      kind: "parent";
      /** USER_NO of the chosen child, or null when the parent has no linked child yet. */
      userNo: number | null;
      /** The chosen child's name ("" without a child). */
      name: string;
      /** The signed-in parent's own name (the email when the record has none). */
      parentName: string;
      children: LoginChild[];
    }
  | { kind: "other"; userNo: null };

/**
 * The subject of the current session and `chooseChild` to switch a parent's child (tab-wide).
 * A stored choice that is not one of the parent's children (another account signed in on this
 * tab) falls back to the first child.
 */
export function useAccountSubject(): AccountSubject & { chooseChild: (userNo: number) => void } {
  const auth = useRootStore((state) => state.auth);
  const chosen = useActingChildStore((state) => state.childUserNo);
  const chooseChild = useActingChildStore((state) => state.chooseChild);
  const data = auth.flag ? auth.data : null;
  if (!data) return { kind: "guest", userNo: null, chooseChild };
  const ownName = data.USER_NAME ?? data.EMAIL_ID;
  if (data.USER_TYPE === "STUDENT") {
    return { kind: "student", userNo: data.USER_NO, name: ownName, chooseChild };
  }
  if (data.USER_TYPE === "PARENT") {
    const children = data.CHILDREN ?? [];
    const child = actingChildOf(children, chosen);
    return {
      kind: "parent",
      userNo: child?.USER_NO ?? null,
      name: child?.USER_NAME ?? "",
      parentName: ownName,
      children,
      chooseChild,
    };
  }
  return { kind: "other", userNo: null, chooseChild };
}
