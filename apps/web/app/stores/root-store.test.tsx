import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const KEY = "persist:root";

/** A fresh copy of the store module, created against the current localStorage. */
async function createStore() {
  vi.resetModules();
  return import("./root-store");
}

function stored(): { state: Record<string, unknown>; version: number } {
  return JSON.parse(localStorage.getItem(KEY) ?? "null");
}

const signedIn = {
  data: { token: "t-1", EMAIL_ID: "student@example.com", USER_NO: 7, USER_TYPE: "STUDENT" },
  flag: true,
  failed: false,
  accessToken: "access-1",
  clientId: "client-1",
} as const;

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("root store", () => {
  it("starts with the SPEC defaults", async () => {
    const { useRootStore } = await createStore();
    const { auth, enrollment, userInfo } = useRootStore.getState();
    expect(auth).toEqual({
      data: null,
      flag: false,
      failed: false,
      accessToken: null,
      clientId: null,
    });
    expect(userInfo).toEqual({ data: null, lecture_info: [], failed: false });
    expect(enrollment).toMatchObject({
      subject: "math",
      subjectId: 8906,
      classType: "smart",
      ipadOption: "free",
      selectMonth: 3,
      TTEOK_HAM_SubTitle1: "주 2회, 60분, 총 8회 수업",
      cbSeoltabPrivate: true,
      cbAgree: true,
      parentName: "",
      totalPrice: null,
    });
  });

  it("writes only auth, enrollment and userInfo to localStorage", async () => {
    const { useRootStore } = await createStore();
    const state = useRootStore.getState();
    state.setAuth(signedIn);
    state.setEnrollment({ selectMonth: 12, parentName: "김부모" });
    state.setReview({ currentPage: 3, subject: "수학" });

    const saved = stored();
    expect(Object.keys(saved.state).sort()).toEqual(["auth", "enrollment", "userInfo"]);
    expect(saved.state.auth).toEqual(signedIn);
    expect(saved.state.enrollment).toMatchObject({ selectMonth: 12, parentName: "김부모" });
    expect(localStorage.getItem(KEY)).not.toContain("수학");
  });

  it("restores the stored slices when the store is created", async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        state: {
          auth: signedIn,
          // Saved by an older build without most fields: the missing ones get their defaults.
          enrollment: { subject: "english", selectMonth: 12 },
          userInfo: { data: { USER_NO: 7 }, lecture_info: [{ id: 1 }], failed: false },
          review: { currentPage: 9 },
        },
        version: 0,
      }),
    );
    const { useRootStore } = await createStore();
    const state = useRootStore.getState();

    expect(useRootStore.persist.hasHydrated()).toBe(true);
    expect(state.auth).toEqual(signedIn);
    expect(state.enrollment.subject).toBe("english");
    expect(state.enrollment.selectMonth).toBe(12);
    expect(state.enrollment.subjectId).toBe(8906);
    expect(state.enrollment.cbAgree).toBe(true);
    expect(state.userInfo.lecture_info).toEqual([{ id: 1 }]);
    // Not a persisted slice: ignored even if present in storage.
    expect(state.review.currentPage).toBe(1);
  });

  it("falls back to the defaults when the stored value is unreadable", async () => {
    localStorage.setItem(KEY, "{not json");
    const { useRootStore, DEFAULT_ENROLLMENT } = await createStore();
    expect(useRootStore.getState().enrollment).toEqual(DEFAULT_ENROLLMENT);
    expect(useRootStore.getState().auth.flag).toBe(false);
  });

  it("keeps working in memory when storage refuses a write", async () => {
    const { useRootStore } = await createStore();
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    try {
      expect(() => useRootStore.getState().setEnrollment({ selectMonth: 1 })).not.toThrow();
      expect(useRootStore.getState().enrollment.selectMonth).toBe(1);
    } finally {
      setItem.mockRestore();
    }
  });

  it("reset() brings every slice back to its defaults", async () => {
    const { useRootStore, DEFAULT_AUTH, DEFAULT_ENROLLMENT } = await createStore();
    useRootStore.getState().setAuth(signedIn);
    useRootStore.getState().setEnrollment({ subject: "korean" });
    useRootStore.getState().reset();
    expect(useRootStore.getState().auth).toEqual(DEFAULT_AUTH);
    expect(useRootStore.getState().enrollment).toEqual(DEFAULT_ENROLLMENT);
  });

  it("hydrates prerendered HTML without a mismatch, then shows the restored state", async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { auth: signedIn }, version: 0 }));
    const { useRootStore } = await createStore();

    function AccountLink() {
      const auth = useRootStore((state) => state.auth);
      return <a href="/x">{auth.flag ? `${auth.data?.EMAIL_ID} 님` : "로그인"}</a>;
    }

    // The build prerenders with the defaults (no storage there).
    const html = renderToString(<AccountLink />);
    expect(html).toContain("로그인");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverableErrors: unknown[] = [];
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await act(async () => {
        hydrateRoot(container, <AccountLink />, {
          onRecoverableError: (error) => recoverableErrors.push(error),
        });
      });
      expect(recoverableErrors).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      expect(container.textContent).toBe("student@example.com 님");
    } finally {
      consoleError.mockRestore();
      container.remove();
    }
  });
});
