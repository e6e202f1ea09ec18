/**
 * The headphones of the enrollment form (issue #18; SPEC.md §3 device lists "headphones" and
 * "headphone rental fields", §9 "headphones are named by device_gen"): AirPods Max
 * (AIR_PODS_MAX) bought with the lessons (RENT_DEVICES, a one-off price) or rented for a fixed
 * term (Store_Goods HEADPHONE_RENTALS, a fee for the term, returned at its end). The tablet
 * choice keeps showing tablets only (`devicesForOption`); headphones are a choice of their own.
 *
 * A choice is a string as the form holds it: "" (none), "buy:<id>" or "rent:<id>".
 */
import { formatWon } from "../../content/promotions";
import type { HeadphoneRentalWire } from "../payments/api/store-goods";
import type { RentDevice } from "./api";
import type { CartFields } from "./cart-store";

/** Device type of the headphones (packages/domain HEADPHONES_DEVICE_TYPE). */
export const HEADPHONES = "AIR_PODS_MAX";

export interface HeadphoneOption {
  /** "buy:<id>" or "rent:<id>". */
  value: string;
  kind: "buy" | "rent";
  /** RENT_DEVICES id (buy) or Store_Goods id (rent). */
  id: number;
  /** The device_gen, e.g. "AirPods Max". */
  name: string;
  color: string | null;
  /** Won: the price (buy) or the fee for the whole term (rent). */
  price: number;
  /** Rental term in months; null for a purchase. */
  months: number | null;
  label: string;
  hint: string;
}

/**
 * The headphones on offer, purchases first then rentals, each in catalog order: AIR_PODS_MAX
 * devices priced above 0 with stock, and rentals with stock. Named by device_gen.
 */
export function headphoneOptions(
  devices: readonly RentDevice[],
  rentals: readonly HeadphoneRentalWire[],
): HeadphoneOption[] {
  const buy = devices
    .filter((d) => d.device_type === HEADPHONES && d.price > 0 && d.count > 0)
    .map((d): HeadphoneOption => {
      const name = d.device_gen || d.name;
      return {
        value: `buy:${d.id}`,
        kind: "buy",
        id: d.id,
        name,
        color: d.color,
        price: d.price,
        months: null,
        label: `${name}${d.color ? ` ${d.color}` : ""} 구매`,
        hint: `${formatWon(d.price)} · 새 제품, 한 번만 결제`,
      };
    });
  const rent = rentals
    .filter((r) => r.device_type === HEADPHONES && r.count > 0)
    .map((r): HeadphoneOption => {
      const name = r.device_gen || r.name;
      return {
        value: `rent:${r.id}`,
        kind: "rent",
        id: r.id,
        name,
        color: r.color,
        price: r.rentFee,
        months: r.months,
        label: `${name}${r.color ? ` ${r.color}` : ""} ${r.months}개월 대여`,
        hint: `대여료 ${formatWon(r.rentFee)} · 끝나면 반납`,
      };
    });
  return [...buy, ...rent];
}

/** The option a choice names, or null (none, or no longer offered). */
export function headphoneOf(
  options: readonly HeadphoneOption[],
  value: string,
): HeadphoneOption | null {
  return options.find((o) => o.value === value) ?? null;
}

/** The form's choice for what the cart holds ("" when it holds no headphones). */
export function headphoneChoiceOfCart(
  cart: Pick<CartFields, "headphoneNo" | "headphoneRental">,
): string {
  if (cart.headphoneNo !== null) return `buy:${cart.headphoneNo}`;
  if (cart.headphoneRental !== null) return `rent:${cart.headphoneRental.id}`;
  return "";
}

/**
 * The cart fields for a choice: the purchase as `headphoneNo` (a device line), the rental as
 * `headphoneRental` plus its line in `goodsItems` (replacing any other rental id of
 * `rentalIds`; the other goods lines are kept).
 */
export function headphoneCartFields(
  choice: HeadphoneOption | null,
  goodsItems: CartFields["goodsItems"],
  rentalIds: readonly number[],
): Pick<CartFields, "headphoneNo" | "headphoneRental" | "goodsItems"> {
  const others = goodsItems.filter((l) => !rentalIds.includes(l.id));
  if (choice?.kind === "rent") {
    return {
      headphoneNo: null,
      headphoneRental: {
        id: choice.id,
        name: choice.name,
        device_gen: choice.name,
        color: choice.color,
        months: choice.months ?? 0,
        rentFee: choice.price,
      },
      goodsItems: [...others, { id: choice.id, lecture_multiple: 1 }],
    };
  }
  return {
    headphoneNo: choice?.kind === "buy" ? choice.id : null,
    headphoneRental: null,
    goodsItems: others,
  };
}
