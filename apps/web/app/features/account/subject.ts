/**
 * Whose lessons, payments and contracts the account pages show (docs/api/payments.md "Who may
 * act for whom"): a student their own; a parent one of their children (CHILDREN of the login
 * response, chosen with the child switcher, the first by default); tutors and staff have none
 * here; a guest must sign in. The chosen child is the tab-wide one of stores/acting-child-store,
 * shared with the enrollment, checkout and billing-card pages.
 */
import { actingChildOf, useActingChildStore } from "../../stores/acting-child-store";
import { useRootStore, type LoginChild } from "../../stores/root-store";

export type AccountSubject =
  | { kind: "guest"; userNo: null }
  | { kind: "student"; userNo: number; name: string }
  | {
      kind: "parent";
      /** The chosen child, or null when the parent has no linked child yet. */
      userNo: number | null;
      /** The chosen child's name ("" without a child). */
      name: string;
      children: LoginChild[];
    }
  | { kind: "other"; userNo: null };

/**
 * The person the account pages are about, and `choose` to switch a parent's child. A stored
 * choice that is not one of the parent's children (another account signed in on this tab) falls
 * back to the first child.
 */
export function useAccountSubject(): AccountSubject & { choose: (userNo: number) => void } {
  const auth = useRootStore((state) => state.auth);
  const chosen = useActingChildStore((state) => state.childUserNo);
  const choose = useActingChildStore((state) => state.chooseChild);
  const data = auth.flag ? auth.data : null;
  if (!data) return { kind: "guest", userNo: null, choose };
  if (data.USER_TYPE === "STUDENT") {
    return { kind: "student", userNo: data.USER_NO, name: data.USER_NAME ?? data.EMAIL_ID, choose };
  }
  if (data.USER_TYPE === "PARENT") {
    const children = data.CHILDREN ?? [];
    const child = actingChildOf(children, chosen);
    return {
      kind: "parent",
      userNo: child?.USER_NO ?? null,
      name: child?.USER_NAME ?? "",
      children,
      choose,
    };
  }
  return { kind: "other", userNo: null, choose };
}
