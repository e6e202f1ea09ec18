import { afterEach, describe, expect, it } from "vitest";
import { ACTING_CHILD_STORAGE_KEY, actingChildOf, useActingChildStore } from "./acting-child-store";

const CHILDREN = [
  { USER_NO: 7, USER_NAME: "김하늘" },
  { USER_NO: 9, USER_NAME: "김바다" },
];

afterEach(() => useActingChildStore.setState({ childUserNo: null }));

describe("the acting child", () => {
  it("is the chosen child, else the first (no choice, or a child of another account)", () => {
    expect(actingChildOf(CHILDREN, 9)?.USER_NO).toBe(9);
    expect(actingChildOf(CHILDREN, null)?.USER_NO).toBe(7);
    expect(actingChildOf(CHILDREN, 42)?.USER_NO).toBe(7);
    expect(actingChildOf([], 9)).toBeUndefined();
  });

  it("is kept for the tab in sessionStorage under one key", () => {
    useActingChildStore.getState().chooseChild(9);
    expect(useActingChildStore.getState().childUserNo).toBe(9);
    expect(JSON.parse(sessionStorage.getItem(ACTING_CHILD_STORAGE_KEY)!).state).toEqual({
      childUserNo: 9,
    });
    expect(localStorage.getItem(ACTING_CHILD_STORAGE_KEY)).toBeNull();
  });
});
