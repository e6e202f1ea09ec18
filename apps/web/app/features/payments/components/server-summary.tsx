import { orderFigures } from "@seoltab/domain";
import { useId } from "react";
import { formatWon } from "../../../content/promotions";
import type { CartQuote } from "../api/cart-price";

/** How a server line is counted: months for lectures, 권 for books, 디지털 for contents. */
function lineMeta(line: CartQuote["LINES"][number]): string | null {
  switch (line.ITEM_KIND) {
    case "LECTURE":
      return `${line.MONTHS}개월`;
    case "SEOLTAB_BOOK":
      return `${line.QUANTITY}권`;
    case "CONTENTS":
      return "디지털";
    case "DELIVERY_FEE":
      return null;
    default:
      return line.QUANTITY > 1 ? `${line.QUANTITY}개` : null;
  }
}

/**
 * The order as the SERVER prices it (POST /main/Cart_Price; docs/api/discounts.md, issue #18):
 * each line with its sale price, each discount of that line by name, the delivery fee as its own
 * line, then the receipt's rows (정가, 할인 · 기본 할인가, 할인 · each policy, 결제 금액) — the amount the checkout charges (sent back as
 * EXPECTED_PAID_PRICE). All amounts in won.
 */
export function ServerSummary({ quote }: { quote: CartQuote }) {
  const titleId = useId();
  const figures = orderFigures(
    quote.LINES.map((line) => ({
      listPrice: line.LIST_PRICE,
      salePrice: line.SALE_PRICE,
      policies: line.POLICIES.map((p) => ({ name: p.NAME, amount: p.AMOUNT })),
      paidPrice: line.PAID_PRICE,
    })),
  );
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="server-summary">
      <h2 id={titleId} className="pay-panel__title">
        주문 내역
      </h2>
      <ul className="pay-lines">
        {quote.LINES.map((line, i) => {
          const meta = lineMeta(line);
          return (
            <li key={`${line.ID ?? line.ITEM_KIND}-${i}`} className="pay-lines__item">
              <span className="pay-lines__title">{line.NAME}</span>
              {meta ? <span className="pay-lines__meta">{meta}</span> : null}
              <span className="pay-lines__price">
                {line.LIST_PRICE > line.SALE_PRICE ? (
                  <del className="price-list__list-price">
                    <span className="visually-hidden">정가 </span>
                    {formatWon(line.LIST_PRICE)}
                  </del>
                ) : null}{" "}
                {line.SALE_PRICE === 0 && line.ITEM_KIND === "DEVICE"
                  ? "무료 대여"
                  : formatWon(line.SALE_PRICE)}
              </span>
              {line.POLICIES.map((p) => (
                <span key={p.NAME} className="pay-lines__meta pay-lines__discount">
                  할인 · {p.NAME} −{formatWon(p.AMOUNT)}
                </span>
              ))}
            </li>
          );
        })}
      </ul>
      {/* The receipt's rows (/payment_finish, orderFigures of the stored lines): what the
          checkout shows is what the receipt will say, row for row. */}
      <dl className="price-list">
        <div className="price-list__row">
          <dt>정가</dt>
          <dd data-testid="server-list-price">{formatWon(figures.listPrice)}</dd>
        </div>
        {figures.listReduction > 0 ? (
          <div className="price-list__row price-list__row--discount">
            <dt>할인 · 기본 할인가</dt>
            <dd>−{formatWon(figures.listReduction)}</dd>
          </div>
        ) : null}
        {figures.policies.map((p) => (
          <div key={p.name} className="price-list__row price-list__row--discount">
            <dt>할인 · {p.name}</dt>
            <dd>−{formatWon(p.amount)}</dd>
          </div>
        ))}
        <div className="price-list__row price-list__row--total">
          <dt>결제 금액</dt>
          <dd data-testid="server-paid-price">{formatWon(quote.PAID_PRICE)}</dd>
        </div>
      </dl>
      {quote.DELIVERY_FEE > 0 ? (
        <p className="pay-note">
          배송비 <span data-testid="server-delivery-fee">{formatWon(quote.DELIVERY_FEE)}</span>가
          결제 금액에 포함되어 있어요.
        </p>
      ) : null}
    </section>
  );
}
