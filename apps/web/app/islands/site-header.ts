import {
  ACCOUNT_LINK,
  ACCOUNT_LINK_SELECTOR,
  MENU_BUTTON,
} from "../components/marketing/site-header-parts";
import { storedAuthFlag } from "../stores/persisted-root";

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The header of a static page (markup: components/marketing/site-header.tsx), as the React
 * header behaves:
 * - the menu button (shown below 1024 px) opens and closes the page menu (`aria-expanded`,
 *   `data-open`, icon and accessible name); Escape closes it and gives focus back to the button;
 * - the account link leads to the app when the persisted auth flag is set (SPEC.md §3: persisted
 *   state restored before the page is used), to sign-in otherwise.
 */
export function initSiteHeader(root: ParentNode = document, storage = localStorageOrNull()): void {
  const header = root.querySelector<HTMLElement>(".site-header");
  if (!header) return;

  if (storedAuthFlag(storage)) {
    const account = header.querySelector<HTMLAnchorElement>(ACCOUNT_LINK_SELECTOR);
    if (account) {
      account.setAttribute("href", ACCOUNT_LINK.signedIn.to);
      account.textContent = ACCOUNT_LINK.signedIn.label;
    }
  }

  const button = header.querySelector<HTMLButtonElement>(".site-header__menu-button");
  const navId = button?.getAttribute("aria-controls");
  const nav = navId ? header.ownerDocument.getElementById(navId) : null;
  if (!button || !nav) return;
  let open = false;
  const setOpen = (next: boolean) => {
    open = next;
    const state = open ? MENU_BUTTON.open : MENU_BUTTON.closed;
    button.setAttribute("aria-expanded", String(open));
    nav.dataset.open = String(open);
    button.querySelector("path")?.setAttribute("d", state.icon);
    const label = button.querySelector(".visually-hidden");
    if (label) label.textContent = state.label;
  };
  button.addEventListener("click", () => setOpen(!open));
  nav.addEventListener("click", (event) => {
    if ((event.target as Element | null)?.closest("a")) setOpen(false);
  });
  header.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    button.focus();
  });
}
