import { UTM_STORAGE_KEY } from "@seoltab/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetMarketingAnalytics } from "../features/marketing-analytics/test-helpers";
import { captureUtm, getSessionUtm, parseStoredUtm, subscribeSessionUtm } from "./utm-session";

afterEach(() => {
  resetMarketingAnalytics();
  vi.restoreAllMocks();
});

const stored = () => JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY) ?? "null") as unknown;

describe("session UTM values (SPEC.md §2: captured once per session, first values win)", () => {
  it("stores the five UTM keys of the query in sessionStorage 'utmValues'", () => {
    captureUtm(
      "?utm_campaign=winter&utm_content=banner&utm_medium=cpc&utm_source=naver&utm_term=%EC%88%98%ED%95%99&gclid=1",
    );
    expect(stored()).toEqual({
      utm_campaign: "winter",
      utm_content: "banner",
      utm_medium: "cpc",
      utm_source: "naver",
      utm_term: "수학",
    });
    expect(getSessionUtm()).toEqual(stored());
  });

  it("keeps the first values: a later query with other values changes nothing", () => {
    captureUtm("?utm_source=a&utm_medium=email");
    captureUtm("?utm_source=b&utm_campaign=c");
    expect(stored()).toEqual({ utm_source: "a", utm_medium: "email" });
  });

  it("a page without UTM values stores nothing, so a later campaign page is still captured", () => {
    captureUtm("");
    captureUtm("?utm_source=&x=1");
    expect(sessionStorage.getItem(UTM_STORAGE_KEY)).toBeNull();
    captureUtm("?utm_source=kakao");
    expect(stored()).toEqual({ utm_source: "kakao" });
  });

  it("reads values stored earlier in the session (another page load)", () => {
    sessionStorage.setItem(UTM_STORAGE_KEY, JSON.stringify({ utm_source: "first" }));
    expect(captureUtm("?utm_source=second")).toEqual({ utm_source: "first" });
  });

  it("ignores a malformed stored value and captures anew", () => {
    sessionStorage.setItem(UTM_STORAGE_KEY, "{broken");
    expect(getSessionUtm()).toEqual({});
    captureUtm("?utm_term=new");
    expect(stored()).toEqual({ utm_term: "new" });
  });

  it.each([
    [null, {}],
    ["[]", {}],
    ['"x"', {}],
    ['{"utm_source":1,"utm_medium":"","other":"x","utm_term":"t"}', { utm_term: "t" }],
  ])("parses stored %j as %j", (raw, expected) => {
    expect(parseStoredUtm(raw)).toEqual(expected);
  });

  it("notifies subscribers when values are stored, and returns a stable snapshot", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSessionUtm(listener);
    const before = getSessionUtm();
    expect(getSessionUtm()).toBe(before);
    captureUtm("?utm_source=a");
    expect(listener).toHaveBeenCalledTimes(1);
    const after = getSessionUtm();
    expect(getSessionUtm()).toBe(after);
    captureUtm("?utm_source=b");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("keeps the values for the page when sessionStorage is blocked", () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    captureUtm("?utm_source=a");
    captureUtm("?utm_source=b");
    expect(getSessionUtm()).toEqual({ utm_source: "a" });
    vi.restoreAllMocks();
    expect(sessionStorage.getItem(UTM_STORAGE_KEY)).toBeNull();
  });
});
