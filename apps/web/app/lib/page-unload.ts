/**
 * Whether the document is being left (a link to another document, a reload, page.goto in a
 * test). Requests still in flight are then cut off by the browser; their failure says nothing
 * about the session, so nothing may end it because of them.
 */
let unloading = false;

if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => {
    unloading = true;
  });
  window.addEventListener("beforeunload", () => {
    unloading = true;
  });
  // Back from the back-forward cache: the same document is alive again.
  window.addEventListener("pageshow", () => {
    unloading = false;
  });
}

/** True once the document started to unload (until it is shown again from the bfcache). */
export function isPageUnloading(): boolean {
  return unloading;
}
