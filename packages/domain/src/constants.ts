/**
 * Business constants and limits of SPEC.md §9, and the defaults of SPEC.md §1-§3 that web and
 * api must agree on. Durations are milliseconds, money is integer won, widths are CSS pixels.
 */
import type { Environment, Gender } from "./enums.ts";
import type { PageViewAudience } from "./route-rules.ts";

/** Time-out of every REST call, in ms (SPEC.md §7, §9). */
export const REST_TIMEOUT_MS = 20_000;

/** Toasts close on their own after this many ms (SPEC.md §2, §9). */
export const TOAST_AUTO_CLOSE_MS = 5_000;

/** Months selected by default when enrolling (SPEC.md §3, §9). */
export const DEFAULT_MONTHS = 3;

/** Subject id of smart math, the default enrollment subject (SPEC.md §3, §9). */
export const DEFAULT_SMART_MATH_SUBJECT_ID = 8906;

/** Percent taken off a 12-month lecture price (SPEC.md §5, §9); see `lecturePrice`. */
export const TWELVE_MONTH_DISCOUNT_PERCENT = 5;

/** Months after payment during which a refund may be requested (SPEC.md §5, §9). */
export const REFUND_WINDOW_MONTHS = 1;

/** Lecture group numbers (store item `group_No`), each sold for 1 month (SPEC.md §9). */
export const LECTURE_GROUPS = {
  ALL_SUBJECTS: { groupNo: 63, months: 1 },
  MIDDLE_SCHOOL: { groupNo: 64, months: 1 },
  HIGH_SCHOOL: { groupNo: 65, months: 1 },
} as const;

/** Layout breakpoints in px; mobile is any width below `tablet` (SPEC.md §2, §9). */
export const BREAKPOINTS = { desktop: 1440, tablet: 768, mobile: 360 } as const;

/** True for a viewport width (px) that counts as mobile: below 768 (SPEC.md §2). */
export function isMobileWidth(widthPx: number): boolean {
  return widthPx < BREAKPOINTS.tablet;
}

/** z-index of the chat-support widget (SPEC.md §2). */
export const CHAT_WIDGET_Z_INDEX = 1500;

/** Key-set (JWKS) fetch time-out in ms (SPEC.md §9; jose `timeoutDuration`). */
export const JWKS_TIMEOUT_MS = 5_000;

/** Key-set (JWKS) refetch cool-down in ms (SPEC.md §9; jose `cooldownDuration`). */
export const JWKS_COOLDOWN_MS = 30_000;

/** Key-set (JWKS) cache age in ms, 10 minutes (SPEC.md §9; jose `cacheMaxAge`). */
export const JWKS_CACHE_MAX_AGE_MS = 600_000;

/** Campaign query keys captured once per session (SPEC.md §2); see `pickUtm`. */
export const UTM_KEYS = [
  "utm_campaign",
  "utm_content",
  "utm_medium",
  "utm_source",
  "utm_term",
] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** Analytics event names pushed to the tag-manager data layer (SPEC.md §1, §2). */
export const ANALYTICS_EVENTS = {
  clickFloatingCta: "click-floating-cta",
  visitServiceFirst: "config.visit_service_first",
  pageViewParents: "page_view_parents",
  pageViewStudents: "page_view_students",
} as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

/** The page-view event for each audience of `pageViewAudience` (SPEC.md §2). */
export const PAGE_VIEW_EVENTS = {
  parents: ANALYTICS_EVENTS.pageViewParents,
  students: ANALYTICS_EVENTS.pageViewStudents,
} as const satisfies Record<PageViewAudience, AnalyticsEvent>;

/** Initial values of the web enrollment form (SPEC.md §3 "Enrollment (web form)"). */
export const ENROLLMENT_FORM_DEFAULTS = {
  subject: "math",
  subjectId: DEFAULT_SMART_MATH_SUBJECT_ID,
  classType: "smart",
  ipadOption: "free",
  selectMonth: DEFAULT_MONTHS,
  TTEOK_HAM_SubTitle1: "주 2회, 60분, 총 8회 수업",
  cbSeoltabPrivate: true,
  cbAgree: true,
} as const;

/** Gender preselected on the join form (SPEC.md §3 "Join form"). */
export const DEFAULT_GENDER: Gender = "MAN";

/** Environment used when none is configured (SPEC.md §9, DESIGN.md §6). */
export const DEFAULT_ENVIRONMENT: Environment = "production";
