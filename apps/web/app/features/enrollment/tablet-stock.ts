/**
 * How many tablets are left (SPEC.md §7 main POST /seoltab_banner_info, response
 * device_count_result), told beside the enrollment form's tablet choice. Anonymous, through
 * the REST client; counts are units in stock per device kind, generation, condition and colour.
 */
import { useEffect, useState } from "react";
import { restRequest } from "../../lib/rest-client";

/** One row of device_count_result. */
export interface DeviceCount {
  /** IPAD, ANDROID_TABLET or AIR_PODS_MAX. */
  device_type: string | null;
  device_gen: string | null;
  /** NEW or USED. */
  used_type: string | null;
  color: string | null;
  count: number;
}

/** DATA.RESPONSE of POST /main/seoltab_banner_info. */
export interface BannerInfo {
  device_count_result: DeviceCount[];
  /** Every device counted, headphones included. */
  total_count: number;
}

/**
 * POST /main/seoltab_banner_info (no payload fields, no Bearer header).
 * @throws RestError (the server's Korean message, or the network message)
 */
export function fetchBannerInfo(): Promise<BannerInfo> {
  return restRequest<BannerInfo>("main", "/seoltab_banner_info", { body: {}, auth: false });
}

/** Tablets left: every tablet (not headphones), and of them new and used units. */
export interface TabletStock {
  total: number;
  newUnits: number;
  usedUnits: number;
}

const TABLET_TYPES = new Set(["IPAD", "ANDROID_TABLET"]);

/** Sums the tablet rows of device_count_result (AIR_PODS_MAX and unknown kinds left out). */
export function tabletStock(rows: readonly DeviceCount[]): TabletStock {
  let newUnits = 0;
  let usedUnits = 0;
  let total = 0;
  for (const row of rows) {
    if (!row.device_type || !TABLET_TYPES.has(row.device_type)) continue;
    const count = Math.max(0, row.count);
    total += count;
    if (row.used_type === "NEW") newUnits += count;
    else if (row.used_type === "USED") usedUnits += count;
  }
  return { total, newUnits, usedUnits };
}

const units = (n: number) => `${n.toLocaleString("ko-KR")}대`;

/** The Korean sentence for the stock (decision 035). */
export function tabletStockText(stock: TabletStock): string {
  if (stock.total === 0) {
    return "지금은 남은 태블릿이 없어요. 가지고 있는 태블릿으로 수업할 수 있어요.";
  }
  const parts = [
    stock.newUnits > 0 ? `새 제품 ${units(stock.newUnits)}` : null,
    stock.usedUnits > 0 ? `중고 ${units(stock.usedUnits)}` : null,
  ].filter((p): p is string => p !== null);
  const detail = parts.length > 0 ? ` (${parts.join(" · ")})` : "";
  return `지금 신청하면 받을 수 있는 태블릿이 ${units(stock.total)} 남았어요${detail}.`;
}

/** The stock sentence once known; null while loading and when the call fails (nothing shown). */
export function useTabletStockText(): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchBannerInfo().then(
      (info) => live && setText(tabletStockText(tabletStock(info.device_count_result))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return text;
}
