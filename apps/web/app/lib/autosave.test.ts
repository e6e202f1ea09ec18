import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAutosave } from "./autosave";

const DELAY = 700;
const errorMessage = (error: unknown) => (error as Error).message;

/** A send whose calls are answered by hand, in any order. */
function manualSend() {
  const calls: { body: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const send = vi.fn(
    (body: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ body, resolve, reject });
      }),
  );
  return { send, calls };
}

function mount(send: (body: string) => Promise<void>) {
  return renderHook(({ body }) => useAutosave(body, send, { delayMs: DELAY, errorMessage }), {
    initialProps: { body: "a" },
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("useAutosave", () => {
  it("says saving from the moment of a change, sends after the delay, then saved", async () => {
    const { send, calls } = manualSend();
    const hook = mount(send);
    expect(hook.result.current).toEqual({ kind: "idle" });
    hook.rerender({ body: "b" });
    expect(hook.result.current).toEqual({ kind: "saving" });
    await act(() => vi.advanceTimersByTimeAsync(DELAY - 1));
    expect(send).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(send).toHaveBeenCalledWith("b");
    expect(hook.result.current).toEqual({ kind: "saving" });
    await act(async () => calls[0]!.resolve());
    expect(hook.result.current.kind).toBe("saved");
    // The saved text again (a re-render, no change): nothing more is sent.
    hook.rerender({ body: "b" });
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("one save in flight: a change made meanwhile is sent after it answers, never before", async () => {
    const { send, calls } = manualSend();
    const hook = mount(send);
    hook.rerender({ body: "b" });
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    hook.rerender({ body: "c" });
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(send.mock.calls.map(([b]) => b)).toEqual(["b"]);
    await act(async () => calls[0]!.resolve());
    expect(send.mock.calls.map(([b]) => b)).toEqual(["b", "c"]);
    // "b" answered, but the screen shows "c": still saving.
    expect(hook.result.current).toEqual({ kind: "saving" });
    await act(async () => calls[1]!.resolve());
    expect(hook.result.current.kind).toBe("saved");
  });

  it("a failed save is shown with its message, and the next change is sent again", async () => {
    const { send, calls } = manualSend();
    const hook = mount(send);
    hook.rerender({ body: "b" });
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    await act(async () => calls[0]!.reject(new Error("네트워크 오류")));
    expect(hook.result.current).toEqual({ kind: "failed", message: "네트워크 오류" });
    hook.rerender({ body: "c" });
    expect(hook.result.current).toEqual({ kind: "saving" });
    await act(() => vi.advanceTimersByTimeAsync(DELAY));
    expect(send).toHaveBeenLastCalledWith("c");
  });
});
