import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, mockFetch, ok } from "../../../test/fetch-mock";
import { RenewalActions } from "./renewal-actions";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const row = {
  SUBSCRIPTION_ID: 9,
  USER_NO: 41,
  USER_NAME: "김하늘",
  NAME: "스마트 수학",
  STATUS: "PAST_DUE",
  FAILED_ATTEMPTS: 2,
  NEXT_CHARGE_AT: "2026-11-30T01:00:00.000Z",
  RENEWAL_AMOUNT: 189_000,
};

describe("useConsoleAction (a failed renewal's retry)", () => {
  it("shows the amount before sending, keeps the key for a retry after a refusal, renews it after a success", async () => {
    let answers = 0;
    const { calls } = mockFetch({
      "POST /main/admin/console/renewal_retry": () =>
        ++answers === 1
          ? fail(
              503,
              "gateway_unavailable",
              "결제사가 응답하지 않아요. 잠시 후 다시 시도해 주세요.",
            )
          : ok({
              SUBSCRIPTION: {},
              PAYMENT: { PAYMENT_ID: 3, STATE: "PAID", PAID_PRICE: 189_000, FAIL_REASON: null },
            }),
    });
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<RenewalActions row={row} onDone={onDone} />);

    const review = screen.getByRole("button", { name: "지금 다시 결제 확인" });
    expect(review).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("사유 설명"), "카드 재등록 확인");
    await user.click(review);
    expect(screen.getByRole("alertdialog", { name: "작업 확인" }).textContent).toBe(
      "김하늘님의 정기결제 189,000원을 지금 결제할까요?확정취소",
    );
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "확정" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "결제사가 응답하지 않아요. 잠시 후 다시 시도해 주세요.",
    );
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "지금 다시 결제 확인" }));
    await user.click(screen.getByRole("button", { name: "확정" }));
    expect((await screen.findByRole("status")).textContent).toBe("결제됐어요.");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onDone).toHaveBeenCalledWith("결제됐어요.");

    const [first, second] = calls.map((c) => c.body as Record<string, unknown>);
    expect(first).toEqual({
      IDEMPOTENCY_KEY: expect.any(String) as unknown,
      SUBSCRIPTION_ID: 9,
      FAILED_ATTEMPTS: 2,
      REASON_CODE: "CARD_ISSUE",
      REASON: "카드 재등록 확인",
    });
    // The retry is the same attempt for the server: the same key.
    expect(second!.IDEMPOTENCY_KEY).toBe(first!.IDEMPOTENCY_KEY);

    // After the success the next attempt gets a new key.
    await user.click(screen.getByRole("button", { name: "지금 다시 결제 확인" }));
    await user.click(screen.getByRole("button", { name: "확정" }));
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect((calls[2]!.body as Record<string, unknown>).IDEMPOTENCY_KEY).not.toBe(
      first!.IDEMPOTENCY_KEY,
    );
  });

  it("checks the form before the confirm step (a new date for 결제일 변경)", async () => {
    const { calls } = mockFetch({});
    const user = userEvent.setup();
    render(<RenewalActions row={row} onDone={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText("작업"), "RESCHEDULE");
    await user.type(screen.getByLabelText("사유 설명"), "가족 요청");
    await user.click(screen.getByRole("button", { name: "결제일 변경 확인" }));
    expect(screen.getByRole("alert").textContent).toBe("새 결제일을 골라 주세요.");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
