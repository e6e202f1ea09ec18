/**
 * The enrollment cart (SPEC.md §3 "Enrollment (cart store, in session storage)"): what the
 * person chose, kept in sessionStorage under "enrollment-cart" so it survives the sign-in detour
 * of /guest_enrollment and a reload of the checkout, and is gone when the tab closes.
 *
 * The amounts here (totals, cart-item prices) are a snapshot for display only: the checkout
 * prices the lines again from a fresh catalog with `priceOrder`, and the server recomputes
 * every amount (issue #4). Field names keep SPEC.md's spelling (card_quota, bname2,
 * lecture_multiple, contract_sales_policy).
 *
 * Not kept (the catalog answer holds them and is fetched again where needed): the product
 * lists per subject and level, the device lists and the home-shopping lists of SPEC.md §3.
 * Goods chosen beside the lessons (issue #18) are kept: the AirPods Max bought with the form
 * (`headphoneNo`, a device line like the tablet) and the headphone rental, books, contents and
 * home-shopping items of `goodsItems`, so what the form or the checkout added stays in the cart
 * through a reload and up to the payment.
 */
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import type { SalesMethodWire, SalesPolicyWire } from "./api";
import type { OrderLine } from "./catalog";
import { onLogout } from "../../lib/logout";

/** sessionStorage key of the cart. */
export const CART_STORAGE_KEY = "enrollment-cart";

/** A cart item (SPEC.md §3 "cart items"). Prices in won per month. */
export interface CartItem {
  /** Store item id (LECTURE_ITEMS). */
  id: number;
  subjectName: string;
  /** Course detail, e.g. "스마트 수학 · 중학생". */
  subjectDetail: string;
  /** LECTURE_SMART or LECTURE_BASIC. */
  lessonType: string;
  /** Months covered in all (unit months × lecture_multiple). */
  shelflife: number;
  basePrice: number;
  salePrice: number;
  subjectNo: number | null;
  productinfo: string;
  productcode: string;
  productoption: string;
  /** Units bought (= months for a 1-month item). */
  lecture_multiple: number;
  contract_sales_policy: SalesPolicyWire[];
}

export interface CartFields {
  /** LECTURE, or LECTURE_DEVICE when a tablet is part of the order. */
  packageType: string;
  /** free / new / used (the form's ipadOption). */
  tabletType: string;
  deviceType: string;
  /** RENT_DEVICES id of the tablet, or null. */
  deviceNo: number | null;
  deviceGen: string;
  deviceColor: string;
  subjectName: string;
  subjectNo: number | null;
  subjectDetail: string;
  /** Installment months (0 = lump sum). */
  card_quota: number;
  address: string;
  addressDetail: string;
  bname2: string;
  zipCode: string;
  parentName: string;
  parentPhoneNumber: string;
  /** Number of classes in the cart (starts at 1). */
  classCount: number;
  cartItems: CartItem[];
  policyActive: boolean;
  /**
   * The sales method a NEW tablet converted the order to (SPEC.md convertSalesMethodNo), as the
   * server's Cart_Price last said; null = none (or not priced yet). A record only.
   */
  convertSalesMethodNo: number | null;
  duplicateArr: number[];
  /** Won. */
  totalBasePrice: number;
  totalPolicyPrice: number;
  totalSalePrice: number;
  /** Won: totalSalePrice − totalPolicyPrice (SPEC.md §5 payment due). */
  paymentPrice: number;
  userPolicy: SalesMethodWire[];
  userActivePolicy: SalesPolicyWire[];
  /** RENT_DEVICES id of AirPods Max bought with the lessons (AIR_PODS_MAX), or null. */
  headphoneNo: number | null;
  /**
   * SPEC.md §3 headphone rental fields: the rental chosen in the form (Store_Goods
   * HEADPHONE_RENTALS; named by device_gen), or null. Its line is in `goodsItems`.
   */
  headphoneRental: {
    id: number;
    name: string;
    device_gen: string;
    color: string | null;
    months: number;
    rentFee: number;
  } | null;
  /**
   * Store_Goods lines (headphone rental, books, contents, home-shopping items): sent after the
   * lectures and devices; `lecture_multiple` = copies for books, 1 otherwise.
   */
  goodsItems: OrderLine[];
  /**
   * The student the cart was filled for (USER_NO); null for a guest. A record only: a parent's
   * cart follows the child they act for now (stores/acting-child-store), and the checkout prices
   * and pays for that child, saying when the cart was filled for another one.
   */
  studentUserNo: number | null;
}

export interface CartState extends CartFields {
  setCart: (patch: Partial<CartFields>) => void;
  setCardQuota: (months: number) => void;
  setConvertSalesMethodNo: (methodNo: number | null) => void;
  clearCart: () => void;
}

export const EMPTY_CART: CartFields = {
  packageType: "",
  tabletType: "",
  deviceType: "",
  deviceNo: null,
  deviceGen: "",
  deviceColor: "",
  subjectName: "",
  subjectNo: null,
  subjectDetail: "",
  card_quota: 0,
  address: "",
  addressDetail: "",
  bname2: "",
  zipCode: "",
  parentName: "",
  parentPhoneNumber: "",
  classCount: 1,
  cartItems: [],
  policyActive: false,
  convertSalesMethodNo: null,
  duplicateArr: [],
  totalBasePrice: 0,
  totalPolicyPrice: 0,
  totalSalePrice: 0,
  paymentPrice: 0,
  userPolicy: [],
  userActivePolicy: [],
  headphoneNo: null,
  headphoneRental: null,
  goodsItems: [],
  studentUserNo: null,
};

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...EMPTY_CART,
      setCart: (patch) => set(patch),
      setCardQuota: (months) => set({ card_quota: months }),
      setConvertSalesMethodNo: (methodNo) => set({ convertSalesMethodNo: methodNo }),
      clearCart: () => set(EMPTY_CART),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({
        setCart: _s,
        setCardQuota: _q,
        setConvertSalesMethodNo: _v,
        clearCart: _c,
        ...fields
      }) => fields,
    },
  ),
);

// Logout forgets the cart (it holds an address and a parent's phone number).
onLogout(() => useCartStore.getState().clearCart());

/**
 * The order lines of a cart priced from the catalog (Lecture_StoreItems): its lectures, then
 * the tablet (SPEC.md §3 deviceNo), then AirPods Max bought with them (`headphoneNo`). The
 * Store_Goods lines (`goodsItems`) are sent after these (see the checkout).
 */
export function cartLines(
  cart: Pick<CartFields, "cartItems" | "deviceNo"> & { headphoneNo?: number | null },
): OrderLine[] {
  const lines = cart.cartItems.map((item) => ({
    id: item.id,
    lecture_multiple: item.lecture_multiple,
  }));
  if (cart.deviceNo !== null) lines.push({ id: cart.deviceNo, lecture_multiple: 1 });
  if (cart.headphoneNo != null && cart.headphoneNo !== cart.deviceNo) {
    lines.push({ id: cart.headphoneNo, lecture_multiple: 1 });
  }
  return lines;
}
