import { useCallback, useEffect, useState } from "react";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../lib/rest-client";
import { fetchStoreItems, type StoreItemsResponse } from "./api";

export type CatalogState =
  | { status: "loading"; data?: undefined; message?: undefined }
  | { status: "ready"; data: StoreItemsResponse; message?: undefined }
  | { status: "error"; data?: undefined; message: string };

type Settled = { key: string; attempt: number } & (
  { ok: true; data: StoreItemsResponse } | { ok: false; message: string }
);

/**
 * The catalog (POST /main/Lecture_StoreItems) for `userNo` (null: anonymous), loaded when the
 * person changes and again on `retry()`. Errors are not thrown: status "error" with the
 * server's Korean message (or the network message).
 */
export function useStoreItems(userNo: number | null): CatalogState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = String(userNo);

  useEffect(() => {
    let cancelled = false;
    fetchStoreItems(userNo).then(
      (data) => {
        if (!cancelled) setSettled({ key, attempt, ok: true, data });
      },
      (error: unknown) => {
        if (!cancelled) {
          const message = isRestError(error) ? error.message : NETWORK_ERROR_MESSAGE;
          setSettled({ key, attempt, ok: false, message });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [userNo, key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled && settled.key === key && settled.attempt === attempt ? settled : null;
  if (!current) return { status: "loading", retry };
  if (current.ok) return { status: "ready", data: current.data, retry };
  return { status: "error", message: current.message, retry };
}
