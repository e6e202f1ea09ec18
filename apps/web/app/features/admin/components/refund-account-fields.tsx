import { useId } from "react";

/** A bank account to refund to, as the console sends it (REFUND_ACCOUNT). */
export interface RefundAccountInput {
  BANK_CODE: string;
  ACCOUNT_NUMBER: string;
  HOLDER: string;
}

export const EMPTY_REFUND_ACCOUNT: RefundAccountInput = {
  BANK_CODE: "",
  ACCOUNT_NUMBER: "",
  HOLDER: "",
};

/** The Korean problem of an account before it is sent, or null (the server checks the same). */
export function refundAccountProblem(a: RefundAccountInput): string | null {
  return /^\d{3}$/.test(a.BANK_CODE) && /^\d{6,20}$/.test(a.ACCOUNT_NUMBER) && a.HOLDER.trim()
    ? null
    : "환불 계좌(은행 코드 3자리, 계좌번호 숫자, 예금주)를 입력해 주세요.";
}

/** 환불 계좌: bank code, number (digits), holder. */
export function RefundAccountFields({
  value,
  onChange,
}: {
  value: RefundAccountInput;
  onChange: (next: RefundAccountInput) => void;
}) {
  const id = useId();
  return (
    <fieldset className="console-fields">
      <legend>환불 계좌</legend>
      <label htmlFor={`${id}-bank`}>은행 코드 (숫자 3자리)</label>
      <input
        id={`${id}-bank`}
        inputMode="numeric"
        value={value.BANK_CODE}
        onChange={(e) => onChange({ ...value, BANK_CODE: e.target.value.replace(/\D/g, "") })}
      />
      <label htmlFor={`${id}-acct`}>계좌번호</label>
      <input
        id={`${id}-acct`}
        inputMode="numeric"
        value={value.ACCOUNT_NUMBER}
        onChange={(e) => onChange({ ...value, ACCOUNT_NUMBER: e.target.value.replace(/\D/g, "") })}
      />
      <label htmlFor={`${id}-holder`}>예금주</label>
      <input
        id={`${id}-holder`}
        value={value.HOLDER}
        onChange={(e) => onChange({ ...value, HOLDER: e.target.value })}
      />
    </fieldset>
  );
}
