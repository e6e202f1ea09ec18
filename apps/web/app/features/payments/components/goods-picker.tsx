import { useEffect, useState } from "react";
import { formatWon } from "../../../content/promotions";
import type { CheckoutItem } from "../api/checkout";
import { storeGoods, type HomeshoppingItemWire, type StoreGoods } from "../api/store-goods";

/**
 * 교재·콘텐츠·헤드폰 대여 (issue #18): what POST /main/Store_Goods offers the student, added to
 * the order beside the lectures. Books take 1-5 copies (their `allowed_multiples`, never more
 * than the stock), contents and a headphone rental one. `value` holds the chosen lines
 * (`lecture_multiple` = copies); the server prices them with the rest (Cart_Price). Nothing is
 * shown when the server offers nothing or cannot answer (the lectures can still be paid).
 *
 * A home-shopping family (IS_ONLY_HOMESHOPPING) also sees the home-shopping lists of 1, 3 and
 * 10 months (SPEC.md §3): each product is its whole term, bought once (a checkbox, never a
 * multiple; the server refuses multiples with `homeshopping_once`); one already among the cart's
 * lines (`cartIds`) is shown as such.
 */
export function GoodsPicker({
  userNo,
  value,
  onChange,
  disabled,
  cartIds = [],
}: {
  userNo: number;
  value: CheckoutItem[];
  onChange: (lines: CheckoutItem[]) => void;
  disabled?: boolean;
  /** Ids already in the cart's own lines (lectures, tablet). */
  cartIds?: readonly number[];
}) {
  const [goods, setGoods] = useState<StoreGoods | null>(null);
  useEffect(() => {
    let alive = true;
    storeGoods(userNo).then(
      (answer) => alive && setGoods(answer),
      () => alive && setGoods(null),
    );
    return () => {
      alive = false;
    };
  }, [userNo]);
  const homeshopping = homeshoppingGroups(goods);
  if (
    !goods ||
    goods.GOODS_ITEMS.length + goods.HEADPHONE_RENTALS.length + homeshopping.length === 0
  ) {
    return null;
  }

  const qty = (id: number) => value.find((l) => l.id === id)?.lecture_multiple ?? 0;
  const set = (id: number, n: number) =>
    onChange(
      n === 0
        ? value.filter((l) => l.id !== id)
        : value.some((l) => l.id === id)
          ? value.map((l) => (l.id === id ? { id, lecture_multiple: n } : l))
          : [...value, { id, lecture_multiple: n }],
    );

  return (
    <>
      {homeshopping.length > 0 ? (
        <section className="panel" aria-labelledby="pay-homeshopping-title">
          <h2 id="pay-homeshopping-title" className="pay-panel__title">
            홈쇼핑 상품
          </h2>
          <p className="pay-note">
            홈쇼핑 상품은 개월 수만큼 한 번에 결제해요. 상품마다 하나씩만 담을 수 있어요.
          </p>
          {homeshopping.map(({ months, items }) => (
            <div key={months} className="pay-homeshopping" data-testid={`homeshopping-${months}`}>
              <h3 className="pay-homeshopping__title">{months}개월</h3>
              <ul className="pay-goods">
                {items.map((item) => {
                  const inCart = cartIds.includes(item.id);
                  return (
                    <li key={item.id} className="pay-goods__item">
                      <span className="pay-goods__body">
                        <span className="pay-method__label">{item.TTEOK_HAM_Title}</span>
                        <span className="pay-method__hint">
                          월 {formatWon(item.salePrice)} · {item.months}개월{" "}
                          {formatWon(item.salePrice * item.months)} 한 번 결제
                          {inCart ? " · 장바구니에 있어요" : ""}
                        </span>
                      </span>
                      <input
                        type="checkbox"
                        className="pay-goods__check"
                        aria-label={`${item.TTEOK_HAM_Title} 담기`}
                        checked={inCart || qty(item.id) > 0}
                        disabled={disabled || inCart}
                        onChange={(e) => set(item.id, e.target.checked ? 1 : 0)}
                      />
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      {goods.GOODS_ITEMS.length + goods.HEADPHONE_RENTALS.length > 0 ? (
        <section className="panel" aria-labelledby="pay-goods-title">
          <h2 id="pay-goods-title" className="pay-panel__title">
            교재·콘텐츠·헤드폰 대여
          </h2>
          <p className="pay-note">
            배송 상품은 {formatWon(goods.DELIVERY.FREE_DELIVERY_FROM)} 이상이면 무료 배송, 그 미만은
            배송비 {formatWon(goods.DELIVERY.DELIVERY_FEE)}이에요.
          </p>
          <ul className="pay-goods">
            {goods.GOODS_ITEMS.map((g) => {
              const max = Math.min(Math.max(...g.allowed_multiples), g.stock ?? Infinity);
              const soldOut = g.stock === 0;
              const n = qty(g.id);
              return (
                <li key={g.id} className="pay-goods__item">
                  <span className="pay-goods__body">
                    <span className="pay-method__label">{g.title}</span>
                    <span className="pay-method__hint">
                      {g.delivery === "DIGITAL"
                        ? "디지털 콘텐츠 · 열어 보면 환불되지 않아요"
                        : "배송"}
                      {" · "}
                      {formatWon(g.salePrice)}
                      {soldOut ? " · 품절" : ""}
                    </span>
                  </span>
                  {soldOut ? null : max > 1 ? (
                    <span className="pay-stepper" role="group" aria-label={`${g.title} 수량`}>
                      <button
                        type="button"
                        className="btn btn--secondary"
                        aria-label={`${g.title} 한 권 빼기`}
                        disabled={disabled || n === 0}
                        onClick={() => set(g.id, n - 1)}
                      >
                        −
                      </button>
                      <output aria-live="polite">{n}권</output>
                      <button
                        type="button"
                        className="btn btn--secondary"
                        aria-label={`${g.title} 한 권 더하기`}
                        disabled={disabled || n >= max}
                        onClick={() => set(g.id, n + 1)}
                      >
                        +
                      </button>
                    </span>
                  ) : (
                    <input
                      type="checkbox"
                      className="pay-goods__check"
                      aria-label={`${g.title} 담기`}
                      checked={n > 0}
                      disabled={disabled}
                      onChange={(e) => set(g.id, e.target.checked ? 1 : 0)}
                    />
                  )}
                </li>
              );
            })}
            {goods.HEADPHONE_RENTALS.map((h) => (
              <li key={h.id} className="pay-goods__item">
                <span className="pay-goods__body">
                  <span className="pay-method__label">
                    {h.name} 대여{h.color ? ` (${h.color})` : ""}
                  </span>
                  <span className="pay-method__hint">
                    {h.months}개월 대여료 {formatWon(h.rentFee)} · 끝나면 반납
                    {h.count === 0 ? " · 품절" : ""}
                  </span>
                </span>
                {h.count === 0 ? null : (
                  <input
                    type="checkbox"
                    className="pay-goods__check"
                    aria-label={`${h.name}${h.color ? ` ${h.color}` : ""} 대여 담기`}
                    checked={qty(h.id) > 0}
                    disabled={disabled}
                    onChange={(e) => set(h.id, e.target.checked ? 1 : 0)}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The home-shopping lists that have products, 1, 3 then 10 months (none unless home-shopping). */
export function homeshoppingGroups(
  goods: StoreGoods | null,
): { months: 1 | 3 | 10; items: HomeshoppingItemWire[] }[] {
  if (!goods || goods.IS_ONLY_HOMESHOPPING !== "YES" || !goods.HOMESHOPPING_LISTS) return [];
  const lists = goods.HOMESHOPPING_LISTS;
  return ([1, 3, 10] as const)
    .map((months) => ({ months, items: lists[String(months) as "1" | "3" | "10"] ?? [] }))
    .filter((g) => g.items.length > 0);
}
