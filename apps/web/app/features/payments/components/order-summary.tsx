import type { PricedOrder } from "@seoltab/domain";
import { useId } from "react";
import { formatWon } from "../../../content/promotions";

/**
 * The order as the checkout prices it with `priceOrder` of @seoltab/domain: each line (title,
 * months, list and sale price), 정가, the list-price reduction, each policy as a discount, and
 * 결제 금액 (= productsPrice − discountedValue, SPEC.md §5). All amounts in won.
 */
export function OrderSummary({
  order,
  heading = "주문 내역",
}: {
  order: PricedOrder;
  heading?: string;
}) {
  const titleId = useId();
  const listTotal = order.lines.reduce((sum, l) => sum + l.basePrice, 0);
  const listReduction = listTotal - order.productsPrice;
  const policies = order.lines.flatMap((l) =>
    l.policies.map((p) => ({ ...p, key: `${l.item.id}-${p.name}` })),
  );
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="pay-panel__title">
        {heading}
      </h2>
      <ul className="pay-lines">
        {order.lines.map((line) => (
          <li key={line.item.id} className="pay-lines__item">
            <span className="pay-lines__title">{line.item.title}</span>
            <span className="pay-lines__meta">
              {line.item.itemKind === "LECTURE" ? `${line.months}개월` : `${line.quantity}대`}
            </span>
            <span className="pay-lines__price">
              {line.basePrice > line.salePrice ? (
                <del className="price-list__list-price">
                  <span className="visually-hidden">정가 </span>
                  {formatWon(line.basePrice)}
                </del>
              ) : null}{" "}
              {line.salePrice === 0 && line.item.itemKind === "DEVICE"
                ? "무료 대여"
                : formatWon(line.salePrice)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="price-list">
        <div className="price-list__row">
          <dt>정가</dt>
          <dd data-testid="checkout-list-price">{formatWon(listTotal)}</dd>
        </div>
        {listReduction > 0 ? (
          <div className="price-list__row price-list__row--discount">
            <dt>할인 · 기본 할인가</dt>
            <dd>−{formatWon(listReduction)}</dd>
          </div>
        ) : null}
        {policies.map((p) => (
          <div key={p.key} className="price-list__row price-list__row--discount">
            <dt>할인 · {p.name}</dt>
            <dd>−{formatWon(p.amount)}</dd>
          </div>
        ))}
        <div className="price-list__row price-list__row--total">
          <dt>결제 금액</dt>
          <dd data-testid="checkout-total">{formatWon(order.paidPrice)}</dd>
        </div>
      </dl>
    </section>
  );
}
