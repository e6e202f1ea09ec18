import { create } from "zustand";

/**
 * The admin store of SPEC.md §3 ("admin token, user number and temporary credentials store";
 * §6 "An admin token store exists and is cleared on logout"). Staff tools fill it in a later
 * issue; it lives in memory only and logout resets it (SPEC.md §4).
 */
export interface AdminState {
  adminToken: string | null;
  /** The user a staff member acts for. */
  userNo: number | null;
  /** Short-lived credentials handed to a staff tool; never persisted. */
  tempCredentials: Record<string, string> | null;
  set: (patch: Partial<Omit<AdminState, "set" | "reset">>) => void;
  reset: () => void;
}

export const DEFAULT_ADMIN = { adminToken: null, userNo: null, tempCredentials: null } as const;

export const useAdminStore = create<AdminState>()((set) => ({
  ...DEFAULT_ADMIN,
  set: (patch) => set(patch),
  reset: () => set(DEFAULT_ADMIN),
}));
