import { ENROLLMENT_FORM_DEFAULTS, type UserType } from "@seoltab/domain";
import { create } from "zustand";
import { createJSONStorage, persist, type StateStorage } from "zustand/middleware";
import { ROOT_STORE_KEY } from "./persisted-root";

/**
 * The root client store (SPEC.md §3). Only `auth`, `enrollment` and `userInfo` are persisted, to
 * localStorage under "persist:root"; everything else (here: the review list) lives for the page
 * only. The storage is synchronous, so the store is restored when it is created, before any page
 * renders (SPEC.md §2). How that meets the prerendered HTML: see app/entry.client.tsx.
 *
 * Wire field names keep SPEC.md's spelling (EMAIL_ID, USER_NO, lecture_info, TTEOK_HAM_*).
 */

export { ROOT_STORE_KEY };

export type { UserType };

/** A parent's child as the login response lists it (docs/api/accounts.md `CHILDREN`). */
export interface LoginChild {
  USER_NO: number;
  USER_NAME: string;
}

/**
 * The login response (POST /main/login DATA.RESPONSE, docs/api/accounts.md). SPEC.md §3 Auth
 * uses token, EMAIL_ID, USER_NO and USER_TYPE; the profile fields are optional so a response
 * stored by an older build still reads.
 */
export interface LoginResponse {
  token: string;
  EMAIL_ID: string;
  USER_NO: number;
  USER_TYPE: UserType;
  USER_NAME?: string;
  NICKNAME?: string | null;
  STATUS?: string;
  /** A parent's children; [] for everyone else. */
  CHILDREN?: LoginChild[];
}

export interface AuthState {
  /** The login response, or null when signed out. */
  data: LoginResponse | null;
  /** True once signed in. */
  flag: boolean;
  /** True after a failed login. */
  failed: boolean;
  accessToken: string | null;
  clientId: string | null;
}

/** A card of the main billing card attached to a student record (SPEC.md §3 User info). */
export interface CardInfo {
  card_name: string;
  card_number: string;
  is_legacy: boolean;
}

/** The user record of /getUserInfo; fields beyond these are typed where they are used. */
export interface UserInfoData {
  USER_NO?: number;
  USER_TYPE?: UserType;
  CARD_INFO?: CardInfo;
  [field: string]: unknown;
}

export type LectureInfo = Record<string, unknown>;

export interface UserInfoState {
  data: UserInfoData | null;
  lecture_info: LectureInfo[];
  failed: boolean;
}

/** A store item (lecture or device) as the enrollment form keeps it; see SPEC.md §3. */
export type StoreItem = Record<string, unknown>;

/** The enrollment web form of SPEC.md §3, with its defaults in DEFAULT_ENROLLMENT. */
export interface EnrollmentForm {
  subject: string;
  subjectId: number | null;
  subjectDetailId: number | null;
  classType: string;
  classTypeId: number | null;
  oneMonthItem: StoreItem | null;
  ipadOption: string;
  /** Number of months (SPEC.md §9: default 3). */
  selectMonth: number;
  ipadColor: string;
  ipadGeneration: string;
  ipadNumber: string;
  addressZip: string;
  address: string;
  addressDetail: string;
  addressBname: string;
  references: string;
  /** Won. */
  deviceRentFee: number | null;
  parentName: string;
  parentPhoneNumber: string;
  maxClassNumber: number | null;
  /** Won. */
  basePrice: number | null;
  /** Won. */
  TTEOK_HAM_Price: number | null;
  /** Won: monthly price times selectMonth (SPEC.md §5). */
  totalPrice: number | null;
  /** Won: the 12-month price, 5 percent reduced (SPEC.md §5). */
  totalPrice12: number | null;
  TTEOK_HAM_SubTitle1: string;
  lectureItem: StoreItem | null;
  usedIpad: StoreItem | null;
  newIpad: StoreItem | null;
  newDiscountIpad: StoreItem | null;
  cbSeoltabPrivate: boolean;
  cbAgree: boolean;
}

/** The review list of the review page (SPEC.md §3 "Other stored data"); not persisted. */
export interface ReviewListState {
  data: Record<string, unknown>[];
  totalPages: number;
  currentPage: number;
  year: string | null;
  subject: string | null;
}

export const DEFAULT_AUTH: AuthState = {
  data: null,
  flag: false,
  failed: false,
  accessToken: null,
  clientId: null,
};

export const DEFAULT_USER_INFO: UserInfoState = { data: null, lecture_info: [], failed: false };

/** SPEC.md §3 defaults (ENROLLMENT_FORM_DEFAULTS of @seoltab/domain); other fields empty. */
export const DEFAULT_ENROLLMENT: EnrollmentForm = {
  ...ENROLLMENT_FORM_DEFAULTS,
  subjectDetailId: null,
  classTypeId: null,
  oneMonthItem: null,
  ipadColor: "",
  ipadGeneration: "",
  ipadNumber: "",
  addressZip: "",
  address: "",
  addressDetail: "",
  addressBname: "",
  references: "",
  deviceRentFee: null,
  parentName: "",
  parentPhoneNumber: "",
  maxClassNumber: null,
  basePrice: null,
  TTEOK_HAM_Price: null,
  totalPrice: null,
  totalPrice12: null,
  lectureItem: null,
  usedIpad: null,
  newIpad: null,
  newDiscountIpad: null,
};

export const DEFAULT_REVIEW_LIST: ReviewListState = {
  data: [],
  totalPages: 0,
  currentPage: 1,
  year: null,
  subject: null,
};

/** The persisted part of the root state. */
export interface PersistedRootState {
  auth: AuthState;
  enrollment: EnrollmentForm;
  userInfo: UserInfoState;
}

export interface RootState extends PersistedRootState {
  review: ReviewListState;
  setAuth: (patch: Partial<AuthState>) => void;
  setUserInfo: (patch: Partial<UserInfoState>) => void;
  setEnrollment: (patch: Partial<EnrollmentForm>) => void;
  resetEnrollment: () => void;
  setReview: (patch: Partial<ReviewListState>) => void;
  /** Back to the defaults, every slice (logout, SPEC.md §4). Does not touch the storage key. */
  reset: () => void;
}

/** The slices written to storage (the "partialize" of SPEC.md §3). */
export function persistedSlices(state: RootState): PersistedRootState {
  return { auth: state.auth, enrollment: state.enrollment, userInfo: state.userInfo };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Restores stored slices over the defaults field by field, so a slice saved by an older build
 * (missing a field added since) still gets that field's default. Anything that is not an object
 * is ignored.
 */
function mergePersisted(persisted: unknown, current: RootState): RootState {
  if (!isRecord(persisted)) return current;
  const slice = <T extends object>(key: keyof PersistedRootState, base: T): T =>
    isRecord(persisted[key]) ? { ...base, ...(persisted[key] as Partial<T>) } : base;
  return {
    ...current,
    auth: slice("auth", current.auth),
    enrollment: slice("enrollment", current.enrollment),
    userInfo: slice("userInfo", current.userInfo),
  };
}

/** No storage while prerendering (Node): nothing is read or written. */
const noStorage: StateStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/**
 * localStorage, but a refused write (quota, privacy mode) never breaks the action that caused
 * it: the state still changes in memory.
 */
function browserStorage(): StateStorage {
  if (typeof window === "undefined") return noStorage;
  const storage = window.localStorage;
  return {
    getItem: (name) => storage.getItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
      } catch {
        // Not persisted this time; the next successful write stores the whole state again.
      }
    },
    removeItem: (name) => storage.removeItem(name),
  };
}

export const useRootStore = create<RootState>()(
  persist(
    (set) => ({
      auth: DEFAULT_AUTH,
      enrollment: DEFAULT_ENROLLMENT,
      userInfo: DEFAULT_USER_INFO,
      review: DEFAULT_REVIEW_LIST,
      setAuth: (patch) => set((state) => ({ auth: { ...state.auth, ...patch } })),
      setUserInfo: (patch) => set((state) => ({ userInfo: { ...state.userInfo, ...patch } })),
      setEnrollment: (patch) => set((state) => ({ enrollment: { ...state.enrollment, ...patch } })),
      resetEnrollment: () => set({ enrollment: DEFAULT_ENROLLMENT }),
      setReview: (patch) => set((state) => ({ review: { ...state.review, ...patch } })),
      reset: () =>
        set({
          auth: DEFAULT_AUTH,
          enrollment: DEFAULT_ENROLLMENT,
          userInfo: DEFAULT_USER_INFO,
          review: DEFAULT_REVIEW_LIST,
        }),
    }),
    {
      name: ROOT_STORE_KEY,
      storage: createJSONStorage(browserStorage),
      partialize: persistedSlices,
      merge: mergePersisted,
    },
  ),
);
