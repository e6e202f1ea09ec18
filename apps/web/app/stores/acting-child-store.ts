/**
 * The child a parent is acting for, one choice for the whole tab: the account pages (home,
 * payments, contracts), the enrollment page, the checkout and the billing card all read and
 * switch this one value, so choosing a child anywhere shows the same child everywhere. Kept in
 * sessionStorage so it survives moving between pages and reloads of the tab, and is forgotten
 * with the tab. Only a USER_NO is kept; whether it is still one of the signed-in parent's
 * children is checked where it is read (`actingChildOf`), falling back to the first child.
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { LoginChild } from "./root-store";

/** sessionStorage key of the chosen child (the key the account pages used before). */
export const ACTING_CHILD_STORAGE_KEY = "accountChild";

export interface ActingChildState {
  /** USER_NO of the chosen child; null until one is chosen (the first child is used). */
  childUserNo: number | null;
  chooseChild: (userNo: number) => void;
}

export const useActingChildStore = create<ActingChildState>()(
  persist(
    (set) => ({
      childUserNo: null,
      chooseChild: (userNo) => set({ childUserNo: userNo }),
    }),
    {
      name: ACTING_CHILD_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ childUserNo }) => ({ childUserNo }),
    },
  ),
);

/**
 * The child among `children` that the stored choice names, else the first child (a choice left
 * by another account signed in on this tab, or none yet); undefined without children.
 */
export function actingChildOf(
  children: readonly LoginChild[],
  chosen: number | null,
): LoginChild | undefined {
  return children.find((c) => c.USER_NO === chosen) ?? children[0];
}
