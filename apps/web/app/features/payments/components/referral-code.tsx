import { useId, useState } from "react";
import { formatWon } from "../../../content/promotions";
import { cartPrice, type CartQuote } from "../api/cart-price";
import type { CheckoutItem } from "../api/checkout";

/**
 * 친구 추천 코드 (issue #18; docs/api/discounts.md): the family types a friend's code and the
 * server prices the cart with it (POST /main/Cart_Price); the checkout's ServerSummary shows the
 * server's lines and discounts as they will be charged; the checkout then sends the code and the amount shown
 * (EXPECTED_PAID_PRICE), so a price changed in between is refused before anything is charged.
 */
export function ReferralCode({
  userNo,
  lines,
  quote,
  onQuote,
}: {
  userNo: number;
  lines: CheckoutItem[];
  quote: { code: string; quote: CartQuote } | null;
  onQuote: (applied: { code: string; quote: CartQuote } | null) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState(quote?.code ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    const typed = code.trim();
    if (!/^[A-Za-z0-9 -]{4,16}$/.test(typed)) {
      setError("추천 코드는 영문과 숫자 4~16자예요.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const priced = await cartPrice({ USER_NO: userNo, ITEMS: lines, REFERRAL_CODE: typed });
      onQuote({ code: typed, quote: priced });
    } catch (err) {
      onQuote(null);
      setError(err instanceof Error ? err.message : "추천 코드를 확인하지 못했어요.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-label="추천 코드 할인">
      <label className="pay-panel__title" htmlFor={inputId}>
        친구 추천 코드
      </label>
      <div className="pay-referral">
        <input
          id={inputId}
          className="pay-referral__input"
          value={code}
          autoComplete="off"
          inputMode="text"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
        />
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => void apply()}
        >
          {busy ? "확인 중…" : "적용"}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="pay-error" data-testid="referral-error">
          {error}
        </p>
      ) : null}
      {quote ? (
        <div data-testid="cart-quote">
          <p className="pay-note">
            추천 코드 <strong>{quote.code}</strong> 적용 · 결제 금액{" "}
            <strong data-testid="cart-quote-total">{formatWon(quote.quote.PAID_PRICE)}</strong>
          </p>
        </div>
      ) : (
        <p className="pay-note">
          친구에게 받은 코드를 넣으면 첫 결제에서 20,000원을 할인해 드려요.
        </p>
      )}
    </section>
  );
}
