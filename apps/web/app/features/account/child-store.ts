/**
 * The child a parent is looking at on the account pages (home, payments, contracts), kept in
 * sessionStorage so it survives moving between pages and reloads of the tab, and forgotten with
 * the tab. Only a USER_NO is kept; whether it is still one of the parent's children is checked
 * where it is read (useAccountSubject).
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

/** sessionStorage key of the chosen child. */
export const ACCOUNT_CHILD_STORAGE_KEY = "accountChild";

export interface AccountChildState {
  /** USER_NO of the chosen child; null until one is chosen (the first child is shown). */
  childUserNo: number | null;
  chooseChild: (userNo: number) => void;
}

export const useAccountChildStore = create<AccountChildState>()(
  persist(
    (set) => ({
      childUserNo: null,
      chooseChild: (userNo) => set({ childUserNo: userNo }),
    }),
    {
      name: ACCOUNT_CHILD_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ childUserNo }) => ({ childUserNo }),
    },
  ),
);
