import { isAppRoutePath } from "@seoltab/domain";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { useInRouterContext, useLocation } from "react-router";
import type { ToastContent, ToastOptions } from "react-toastify";

/**
 * Toasts (SPEC.md §2: top-right, 5000 ms, no progress bar, close on click, pause on hover,
 * draggable; settings in toast-container-impl.tsx) without react-toastify in the first load of
 * the prerendered pages:
 *
 * - On app routes (APP_ROUTE_PATTERNS: /_app, sign-in pages), whose code calls `toast()` from
 *   react-toastify directly, the container loads at once.
 * - Everywhere else React renders (product and error pages) it loads on first use: call
 *   `showToast()`, which loads the library and the container; the toast waits in the library's
 *   queue until the container is mounted, then shows.
 * The static marketing pages have no React: their toasts are app/islands/toast.ts.
 */
export { TOAST_CONTAINER_PROPS } from "./toast-container-settings";

const ToastContainerImpl = lazy(() => import("./toast-container-impl"));

let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Asks the root to mount the toast container (idempotent). */
export function requestToastContainer(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast from a page that must not load react-toastify up front.
 * @param type "success", "error", "info" or "warning"
 */
export function showToast(
  type: "success" | "error" | "info" | "warning",
  content: ToastContent,
  options?: ToastOptions,
): Promise<void> {
  requestToastContainer();
  return import("react-toastify").then(({ toast }) => {
    toast[type](content, options);
  });
}

function LazyToasts() {
  return (
    <Suspense fallback={null}>
      <ToastContainerImpl />
    </Suspense>
  );
}

function RoutedToasts() {
  const { pathname } = useLocation();
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return wanted || isAppRoutePath(pathname) ? <LazyToasts /> : null;
}

/** The one toast container of the app, mounted in the root route (see the module note). */
export function AppToastContainer() {
  // Outside a router (component tests) there is no path to decide by: load it.
  return useInRouterContext() ? <RoutedToasts /> : <LazyToasts />;
}
