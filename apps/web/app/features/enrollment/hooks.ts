import { useCallback, useEffect, useState } from "react";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../lib/rest-client";
import { fetchOwnContact, fetchStoreItems, type OwnContact, type StoreItemsResponse } from "./api";

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

/**
 * A signed-in parent's own name and phone for the enrollment form (POST /main/user_contact),
 * once per mount when `enabled`; null until known or when the call fails (the fields stay
 * empty to fill by hand).
 */
export function useOwnContact(enabled: boolean): OwnContact | null {
  const [contact, setContact] = useState<OwnContact | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    fetchOwnContact()
      .then((c) => {
        if (live) setContact(c);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? contact : null;
}
