/**
 * Address search with the Kakao (Daum) Postcode service, loaded in the browser on first use from
 * POSTCODE_SCRIPT_URL (allowed by the api's CSP: script-src t1.kakaocdn.net, frame-src
 * postcode.map.daum.net / postcode.map.kakao.com). When the script cannot load (offline, blocked,
 * tests) the promise rejects and the form keeps its manual-entry fields.
 */

export const POSTCODE_SCRIPT_URL =
  "https://t1.kakaocdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js";

/** How long to wait for the script before falling back to manual entry, ms. */
export const POSTCODE_LOAD_TIMEOUT_MS = 8_000;

/** The fields of the service's `oncomplete` data that the form uses. */
export interface PostcodeResult {
  zonecode: string;
  address: string;
  roadAddress: string;
  jibunAddress: string;
  bname: string;
  buildingName: string;
  userSelectedType: "R" | "J";
}

export interface PostcodeInstance {
  embed(element: HTMLElement, options?: { autoClose?: boolean; q?: string }): void;
}

export type PostcodeConstructor = new (options: {
  oncomplete: (data: PostcodeResult) => void;
  width?: string | number;
  height?: string | number;
}) => PostcodeInstance;

interface PostcodeGlobal {
  Postcode?: PostcodeConstructor;
  postcode?: { load?: (callback: () => void) => void };
}

declare global {
  interface Window {
    daum?: PostcodeGlobal;
    kakao?: PostcodeGlobal;
  }
}

function loaded(): PostcodeConstructor | null {
  return window.kakao?.Postcode ?? window.daum?.Postcode ?? null;
}

let pending: Promise<PostcodeConstructor> | null = null;

/**
 * Loads the Postcode script once and resolves with its constructor.
 * @throws Error (rejects) when the script fails to load or does not answer within
 *   POSTCODE_LOAD_TIMEOUT_MS; a later call tries again.
 */
export function loadPostcode(): Promise<PostcodeConstructor> {
  const ready = typeof window === "undefined" ? null : loaded();
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;
  pending = new Promise<PostcodeConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    const timer = window.setTimeout(() => fail("timeout"), POSTCODE_LOAD_TIMEOUT_MS);
    function fail(reason: string) {
      window.clearTimeout(timer);
      script.remove();
      pending = null;
      reject(new Error(`postcode script not available (${reason})`));
    }
    function done() {
      const ctor = loaded();
      if (!ctor) return false;
      window.clearTimeout(timer);
      resolve(ctor);
      return true;
    }
    script.src = POSTCODE_SCRIPT_URL;
    script.async = true;
    script.onerror = () => fail("error");
    script.onload = () => {
      if (done()) return;
      // The loader script fetches the service itself; it calls back when that is ready.
      const load = window.kakao?.postcode?.load ?? window.daum?.postcode?.load;
      if (load) load(() => void (done() || fail("no constructor")));
      else fail("no constructor");
    };
    document.head.appendChild(script);
  });
  return pending;
}

/** The address a search result stands for: the road address unless a lot address was chosen. */
export function addressOf(result: PostcodeResult): string {
  const base =
    result.userSelectedType === "J"
      ? result.jibunAddress || result.address
      : result.roadAddress || result.address;
  return result.buildingName ? `${base} (${result.buildingName})` : base;
}
