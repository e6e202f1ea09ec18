// First: creates window.dataLayer (and GTM, first-visit event, UTM capture) before anything else.
import "./features/marketing-analytics/client-start";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { useRootStore } from "./stores/root-store";

/*
 * Persisted state is restored before any page renders (SPEC.md §2), without hydration errors:
 *
 * 1. Importing the root store creates it here, before hydrateRoot. Its storage (localStorage) is
 *    synchronous, so zustand's persist middleware has already merged "persist:root" into the
 *    state when the import returns; no gate component, no flash of defaults in later renders.
 * 2. The prerendered HTML was made at build time, without storage, i.e. with the defaults.
 *    Components read the store through zustand hooks (useSyncExternalStore), whose server
 *    snapshot is the store's initial state (persist sets getInitialState to the pre-storage
 *    state). React uses that snapshot for the hydration render, so it matches the HTML, and
 *    re-renders at once with the restored values. Pages rendered on the client only (the
 *    /_app shell, client navigations) read the restored state from their first render.
 *
 * Tested in app/stores/root-store.test.tsx ("hydrates prerendered HTML without a mismatch").
 */
if (!useRootStore.persist.hasHydrated()) {
  // Only with an asynchronous storage; localStorage never gets here. Kept as a guard.
  void useRootStore.persist.rehydrate();
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
