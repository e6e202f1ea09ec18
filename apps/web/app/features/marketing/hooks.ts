import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React hydrates prerendered HTML (and when rendering at build time), true after.
 * Lets a page render exactly the prerendered markup first and the URL-dependent markup (query
 * values, fetched data) right after, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export type RemoteStatus = "idle" | "loading" | "ready" | "error";

export interface Remote<T> {
  status: RemoteStatus;
  /** The data of the current request once it is ready. */
  data: T | undefined;
  /** The last data that loaded, from this or an earlier request (kept on screen while loading). */
  lastData: T | undefined;
  /** Loads the current request again (after an error). */
  retry: () => void;
}

type Settled<T> = { load: unknown; attempt: number } & (
  { ok: true; data: T } | { ok: false; data?: undefined }
);

/**
 * Runs `load` (memoise it with useCallback: a new function is a new request) and tracks its
 * state. A newer request aborts the older one; `null` loads nothing (status "idle"). Errors are
 * not thrown: the status becomes "error" and `retry()` tries again.
 */
export function useRemote<T>(load: ((signal: AbortSignal) => Promise<T>) | null): Remote<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [lastData, setLastData] = useState<T | undefined>(undefined);

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ load, attempt, ok: true, data });
        setLastData(data);
      },
      () => {
        if (!controller.signal.aborted) setSettled({ load, attempt, ok: false });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled && settled.load === load && settled.attempt === attempt ? settled : null;
  const status: RemoteStatus = !load
    ? "idle"
    : current === null
      ? "loading"
      : current.ok
        ? "ready"
        : "error";
  return { status, data: current?.ok ? current.data : undefined, lastData, retry };
}
