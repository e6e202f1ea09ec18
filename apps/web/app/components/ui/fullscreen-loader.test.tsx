import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useLoaderStore, withLoader } from "../../stores/loader-store";
import { FullscreenLoader } from "./fullscreen-loader";

describe("full-screen loader", () => {
  it("shows the overlay only while the flag is set", () => {
    render(<FullscreenLoader />);
    expect(screen.queryByTestId("fullscreen-loader")).toBeNull();
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("false");

    act(() => useLoaderStore.getState().show());
    const overlay = screen.getByTestId("fullscreen-loader");
    expect(overlay.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toContain("불러오는 중이에요");
    expect(screen.getByRole("status").getAttribute("aria-busy")).toBe("true");

    act(() => useLoaderStore.getState().hide());
    expect(screen.queryByTestId("fullscreen-loader")).toBeNull();
  });

  it("withLoader shows it during a task and hides it even when the task fails", async () => {
    render(<FullscreenLoader />);
    let finish!: () => void;
    let pending!: Promise<void>;
    act(() => {
      pending = withLoader(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(screen.getByTestId("fullscreen-loader")).toBeTruthy();
    await act(async () => {
      finish();
      await pending;
    });
    expect(screen.queryByTestId("fullscreen-loader")).toBeNull();

    await act(async () => {
      await expect(withLoader(() => Promise.reject(new Error("실패")))).rejects.toThrow("실패");
    });
    expect(screen.queryByTestId("fullscreen-loader")).toBeNull();
  });
});
