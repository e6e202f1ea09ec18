import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import {
  EMPTY_REFUND_ACCOUNT,
  RefundAccountFields,
  refundAccountProblem,
  type RefundAccountInput,
} from "./refund-account-fields";

function Harness({ seen }: { seen: RefundAccountInput[] }) {
  const [value, setValue] = useState(EMPTY_REFUND_ACCOUNT);
  return (
    <RefundAccountFields
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe("refund account fields (BANK refunds, staff transfers)", () => {
  it("keeps digits only in the bank code and number; a complete account has no problem", async () => {
    const seen: RefundAccountInput[] = [];
    const user = userEvent.setup();
    render(<Harness seen={seen} />);
    await user.type(screen.getByLabelText("은행 코드 (숫자 3자리)"), "0-88");
    await user.type(screen.getByLabelText("계좌번호"), "110-123-456789");
    await user.type(screen.getByLabelText("예금주"), "박보호");
    const last = seen.at(-1)!;
    expect(last).toEqual({ BANK_CODE: "088", ACCOUNT_NUMBER: "110123456789", HOLDER: "박보호" });
    expect(refundAccountProblem(last)).toBeNull();
    expect(refundAccountProblem({ ...last, BANK_CODE: "88" })).toContain("은행 코드 3자리");
    expect(refundAccountProblem({ ...last, HOLDER: " " })).not.toBeNull();
  });
});
