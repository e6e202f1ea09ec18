import type { AdminReasonCode } from "@seoltab/domain/admin";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { fetchStoreItems, type LectureStoreItem } from "../../enrollment/api";
import { cartPrice, type CartQuote } from "../../payments/api/cart-price";
import { newActionKey, recordCash, type CashReceipt, type PersonView } from "../api";
import { cashReceiptProblem, CASH_RECEIPT_LABELS, type CashReceiptType } from "../cash-receipt";
import { won } from "../format";
import { restErrorText } from "../../../lib/rest-errors";
import { ConsoleError } from "./console-frame";
import { ReasonFields } from "./reason-fields";

/**
 * 현금 결제 기록 (issue 16 "Cash payment entry"; docs/api/admin.md `cash`; ADMIN, SALES_TEAM):
 * the student, a lecture and its months, the cash receipt (소득공제 phone / 지출증빙 business
 * number / none) and a reason; the server's price (Cart_Price) is shown before staff confirm,
 * and the record is refused if the price changed meanwhile (EXPECTED_PAID_PRICE).
 */
export function CashForm({ students, onDone }: { students: PersonView[]; onDone: () => void }) {
  const id = useId();
  const [userNo, setUserNo] = useState(students[0]?.USER_NO ?? 0);
  const [lectures, setLectures] = useState<LectureStoreItem[]>([]);
  const [itemId, setItemId] = useState(0);
  const [months, setMonths] = useState(1);
  const [receiptType, setReceiptType] = useState<CashReceiptType>("INCOME_DEDUCTION");
  const [receiptNumber, setReceiptNumber] = useState("");
  const [code, setCode] = useState<AdminReasonCode>("CASH_RECEIVED");
  const [words, setWords] = useState("");
  const [quote, setQuote] = useState<CartQuote | null>(null);
  const [key, setKey] = useState(newActionKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ paymentId: number; text: string } | null>(null);

  useEffect(() => {
    if (!userNo) return;
    let live = true;
    fetchStoreItems(userNo)
      .then((c) => {
        if (!live) return;
        setLectures(c.LECTURE_ITEMS);
        setItemId(c.LECTURE_ITEMS[0]?.id ?? 0);
      })
      .catch((e: unknown) => live && setError(restErrorText(e)));
    return () => {
      live = false;
    };
  }, [userNo]);

  const lecture = lectures.find((l) => l.id === itemId);
  const multiples = lecture?.allowed_multiples ?? [1];
  const items = [{ id: itemId, lecture_multiple: months }];
  const receipt: CashReceipt =
    receiptType === "NONE" ? { TYPE: "NONE" } : { TYPE: receiptType, NUMBER: receiptNumber };

  async function review(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setDone(null);
    const problem = cashReceiptProblem(receiptType, receiptNumber);
    if (problem) return setError(problem);
    if (!lecture) return setError("수업 상품을 골라 주세요.");
    setBusy(true);
    try {
      setQuote(await cartPrice({ USER_NO: userNo, ITEMS: items }));
    } catch (err) {
      setError(restErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!quote) return;
    setBusy(true);
    setError(null);
    try {
      const r = await recordCash({
        IDEMPOTENCY_KEY: key,
        USER_NO: userNo,
        ITEMS: items,
        EXPECTED_PAID_PRICE: quote.PAID_PRICE,
        RECEIPT: receipt,
        REASON_CODE: code,
        REASON: words,
      });
      setDone({ paymentId: r.PAYMENT_ID, text: `현금 결제 ${won(r.PAID_PRICE)}을 기록했어요.` });
      setQuote(null);
      setKey(newActionKey());
      onDone();
    } catch (err) {
      setError(restErrorText(err));
      setQuote(null);
    } finally {
      setBusy(false);
    }
  }

  const reset = () => setQuote(null);
  return (
    <form className="console-form" onSubmit={review} aria-label="현금 결제 기록">
      {students.length > 1 ? (
        <>
          <label htmlFor={`${id}-student`}>학생</label>
          <select
            id={`${id}-student`}
            value={userNo}
            onChange={(e) => {
              setUserNo(Number(e.target.value));
              reset();
            }}
          >
            {students.map((s) => (
              <option key={s.USER_NO} value={s.USER_NO}>
                {s.USER_NAME} (#{s.USER_NO})
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label htmlFor={`${id}-item`}>수업 상품</label>
      <select
        id={`${id}-item`}
        value={itemId}
        onChange={(e) => {
          setItemId(Number(e.target.value));
          setMonths(1);
          reset();
        }}
      >
        {lectures.map((l) => (
          <option key={l.id} value={l.id}>
            {l.TTEOK_HAM_Title} ({won(l.salePrice)}/월)
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-months`}>개월 수</label>
      <select
        id={`${id}-months`}
        value={months}
        onChange={(e) => {
          setMonths(Number(e.target.value));
          reset();
        }}
      >
        {multiples.map((m) => (
          <option key={m} value={m}>
            {m * (lecture?.months ?? 1)}개월
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-receipt`}>현금영수증</label>
      <select
        id={`${id}-receipt`}
        value={receiptType}
        onChange={(e) => {
          setReceiptType(e.target.value as CashReceiptType);
          reset();
        }}
      >
        {(Object.keys(CASH_RECEIPT_LABELS) as CashReceiptType[]).map((t) => (
          <option key={t} value={t}>
            {CASH_RECEIPT_LABELS[t]}
          </option>
        ))}
      </select>
      {receiptType !== "NONE" ? (
        <>
          <label htmlFor={`${id}-number`}>
            {receiptType === "INCOME_DEDUCTION"
              ? "휴대폰 번호 (숫자만)"
              : "사업자등록번호 (숫자 10자리)"}
          </label>
          <input
            id={`${id}-number`}
            inputMode="numeric"
            value={receiptNumber}
            onChange={(e) => {
              setReceiptNumber(e.target.value.replace(/\D/g, ""));
              reset();
            }}
          />
        </>
      ) : null}
      <ReasonFields code={code} words={words} onCode={setCode} onWords={setWords} />
      <ConsoleError message={error} />
      {done ? (
        <p className="staff-done" role="status">
          {done.text} <Link to={`/_app/admin/payments/${done.paymentId}`}>결제 보기</Link>
        </p>
      ) : null}
      {quote ? (
        <div className="console-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {quote.NAME} — 받은 현금 <strong>{won(quote.PAID_PRICE)}</strong>을 결제로 기록할까요?
            (상품 {won(quote.PRODUCTS_PRICE)} − 할인 {won(quote.DISCOUNTED_VALUE)} ·{" "}
            {CASH_RECEIPT_LABELS[receiptType]}
            {receiptType !== "NONE" ? ` ${receiptNumber}` : ""})
          </p>
          <div className="console-actions">
            <button type="button" className="btn btn--primary" onClick={confirm} disabled={busy}>
              현금 결제 확정
            </button>
            <button type="button" className="btn btn--secondary" onClick={reset} disabled={busy}>
              닫기
            </button>
          </div>
        </div>
      ) : (
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || !words.trim() || !lecture}
        >
          결제 금액 확인
        </button>
      )}
    </form>
  );
}
