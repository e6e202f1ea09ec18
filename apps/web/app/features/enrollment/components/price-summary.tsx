import { TWELVE_MONTHS } from "@seoltab/domain";
import { formatWon } from "../../../content/promotions";
import type { StoreItemsResponse } from "../api";
import { priceLines, type ResolvedSelection } from "../catalog";
import type { HeadphoneOption } from "../headphones";

/**
 * The prices of the current choice, every figure from `priceOrder` of @seoltab/domain (the same
 * function the server charges with): monthly price, the lecture total for the months chosen,
 * each policy as a discount (the 12-month 5 % among them), the tablet, the amount due, and what
 * 12 months would cost. The amount due is announced politely when it changes. Headphones
 * (issue #18): a purchase is a line of `selection.lines`; a rental's fee is added to the amount
 * due as the checkout will charge it.
 */
export function PriceSummary({
  catalog,
  selection,
  headphone = null,
}: {
  catalog: StoreItemsResponse;
  selection: ResolvedSelection;
  headphone?: HeadphoneOption | null;
}) {
  const { lecture, device } = selection;
  const order = priceLines(catalog, selection.lines);
  if (!lecture || !order) {
    return (
      <section className="enr-summary" aria-labelledby="enr-summary-title">
        <h2 id="enr-summary-title" className="enr-summary__title">
          결제 금액
        </h2>
        <p className="enr-summary__empty">과목과 수업을 고르면 금액을 보여 드려요.</p>
      </section>
    );
  }
  const lectureLine = order.lines.find((l) => l.item.id === lecture.id);
  const deviceLine = device ? order.lines.find((l) => l.item.id === device.id) : undefined;
  const headphoneLine =
    headphone?.kind === "buy" ? order.lines.find((l) => l.item.id === headphone.id) : undefined;
  const rentalFee = headphone?.kind === "rent" ? headphone.price : 0;
  const twelveMultiple = TWELVE_MONTHS / lecture.months;
  const offersTwelve =
    Number.isInteger(twelveMultiple) &&
    selection.multiples.includes(twelveMultiple) &&
    selection.multiple !== twelveMultiple;
  const twelve = offersTwelve
    ? priceLines(catalog, [{ id: lecture.id, lecture_multiple: twelveMultiple }])
    : null;
  const freeQuotas = catalog.CARD_FREE_QUOTA.filter((q) => q.is_show);

  return (
    <section className="enr-summary" aria-labelledby="enr-summary-title">
      <h2 id="enr-summary-title" className="enr-summary__title">
        결제 금액
      </h2>
      <p className="enr-summary__item">
        <strong>{lecture.TTEOK_HAM_Title}</strong>
        {lecture.TTEOK_HAM_SubTitle1 ? <span> · {lecture.TTEOK_HAM_SubTitle1}</span> : null}
      </p>
      <dl className="price-list">
        <div className="price-list__row">
          <dt>월 수강료</dt>
          <dd data-testid="enrollment-monthly">
            {lecture.basePrice > lecture.salePrice ? (
              <del className="price-list__list-price">
                <span className="visually-hidden">정가 </span>
                {formatWon(lecture.basePrice)}
              </del>
            ) : null}{" "}
            {formatWon(lecture.salePrice)}
          </dd>
        </div>
        {lectureLine ? (
          <>
            <div className="price-list__row">
              <dt>수강료 ({lectureLine.months}개월)</dt>
              <dd data-testid="enrollment-lecture-total">{formatWon(lectureLine.salePrice)}</dd>
            </div>
            {lectureLine.policies.map((policy) => (
              <div key={policy.name} className="price-list__row price-list__row--discount">
                <dt>할인 · {policy.name}</dt>
                <dd>−{formatWon(policy.amount)}</dd>
              </div>
            ))}
          </>
        ) : null}
        {deviceLine && device ? (
          <div className="price-list__row">
            <dt>태블릿 · {device.name}</dt>
            <dd>{deviceLine.paidPrice === 0 ? "무료 대여" : formatWon(deviceLine.paidPrice)}</dd>
          </div>
        ) : null}
        {deviceLine?.policies.map((policy) => (
          <div key={`device-${policy.name}`} className="price-list__row price-list__row--discount">
            <dt>할인 · {policy.name}</dt>
            <dd>−{formatWon(policy.amount)}</dd>
          </div>
        ))}
        {headphone && (headphoneLine || headphone.kind === "rent") ? (
          <div className="price-list__row" data-testid="enrollment-headphone">
            <dt>헤드폰 · {headphone.label}</dt>
            <dd>{formatWon(headphoneLine ? headphoneLine.paidPrice : headphone.price)}</dd>
          </div>
        ) : null}
        <div className="price-list__row price-list__row--total">
          <dt>결제 예정 금액</dt>
          <dd data-testid="enrollment-total" aria-live="polite">
            {formatWon(order.paidPrice + rentalFee)}
          </dd>
        </div>
      </dl>
      {twelve ? (
        <p className="enr-summary__tip" data-testid="enrollment-twelve">
          12개월로 신청하면 수강료 {formatWon(twelve.productsPrice)}에서 5% 할인된{" "}
          <strong>{formatWon(twelve.paidPrice)}</strong>이에요.
        </p>
      ) : null}
      {freeQuotas.length > 0 ? (
        <p className="enr-summary__note">
          무이자 할부: {freeQuotas.map((q) => `${q.name} 최대 ${q.free_months}개월`).join(", ")}
        </p>
      ) : null}
      <p className="enr-summary__note">금액은 결제할 때 서버에서 한 번 더 확인해요.</p>
    </section>
  );
}
