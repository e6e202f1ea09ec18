import { useLoaderStore } from "../../stores/loader-store";

/** The overlay itself: a spinner over the whole screen with a spoken status. */
export function LoaderOverlay({ label = "불러오는 중이에요" }: { label?: string }) {
  return (
    <div className="fullscreen-loader" data-testid="fullscreen-loader" aria-busy="true">
      <span className="fullscreen-loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/**
 * The full-screen loader of SPEC.md §2, shown while the loader flag is set. The live region is
 * always in the page so screen readers announce the status when the overlay appears.
 */
export function FullscreenLoader() {
  const visible = useLoaderStore((state) => state.visible);
  return (
    <div role="status" aria-live="polite" aria-busy={visible}>
      {visible ? <LoaderOverlay /> : null}
    </div>
  );
}
