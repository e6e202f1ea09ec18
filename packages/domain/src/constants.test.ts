import { describe, expect, it } from "vitest";
import {
  DEFAULT_MONTHS,
  DEFAULT_SMART_MATH_SUBJECT_ID,
  ENROLLMENT_FORM_DEFAULTS,
  PAGE_VIEW_EVENTS,
  isMobileWidth,
} from "./constants.ts";
import { pageViewAudience } from "./route-rules.ts";

describe("constants (SPEC.md §2, §3, §9)", () => {
  it("starts the enrollment form on 3 months of smart math with both boxes ticked", () => {
    expect(ENROLLMENT_FORM_DEFAULTS).toEqual({
      subject: "math",
      subjectId: 8906,
      classType: "smart",
      ipadOption: "free",
      selectMonth: 3,
      TTEOK_HAM_SubTitle1: "주 2회, 60분, 총 8회 수업",
      cbSeoltabPrivate: true,
      cbAgree: true,
    });
    expect([DEFAULT_MONTHS, DEFAULT_SMART_MATH_SUBJECT_ID]).toEqual([3, 8906]);
  });

  it.each([
    [360, true],
    [767, true],
    [768, false],
    [1440, false],
  ])("width %i px is mobile: %s", (width, mobile) => {
    expect(isMobileWidth(width)).toBe(mobile);
  });

  it.each([
    ["/4059", "page_view_parents"],
    ["/lecture/1319", "page_view_students"],
    ["/x/1417/y", "page_view_students"],
  ])("a page view of %s sends %s", (path, event) => {
    const audience = pageViewAudience(path);
    expect(audience && PAGE_VIEW_EVENTS[audience]).toBe(event);
  });
});
