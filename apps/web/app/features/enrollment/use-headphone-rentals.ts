import { useEffect, useState } from "react";
import { storeGoods, type HeadphoneRentalWire } from "../payments/api/store-goods";

/**
 * The headphone rentals on offer (POST /main/Store_Goods; the anonymous answer for a guest),
 * for the enrollment form's headphone choice. Empty while loading or when the call failed:
 * the form then offers the purchases only, and the checkout can still add a rental.
 */
export function useHeadphoneRentals(userNo: number | null): HeadphoneRentalWire[] {
  const [rentals, setRentals] = useState<HeadphoneRentalWire[]>([]);
  useEffect(() => {
    let alive = true;
    storeGoods(userNo).then(
      (answer) => alive && setRentals(answer.HEADPHONE_RENTALS),
      () => alive && setRentals([]),
    );
    return () => {
      alive = false;
    };
  }, [userNo]);
  return rentals;
}
