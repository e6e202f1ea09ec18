import { useId, useRef, useState, type KeyboardEvent } from "react";
import { NavLink } from "react-router";
import { MARKETING_NAV } from "../../content/navigation";
import { useRootStore } from "../../stores/root-store";
import { ButtonLink } from "./button-link";
import { Logo } from "./logo";
import { ACCOUNT_LINK, MENU_BUTTON } from "./site-header-parts";

/**
 * Header of the marketing pages: logo, page menu (a disclosure below 1024 px; Escape closes it),
 * account link and the enrollment call to action. The account link reads the persisted auth
 * flag; during hydration it shows the signed-out link, as in the prerendered HTML (see
 * entry.client.tsx). On the static marketing pages app/islands/site-header.ts does the same.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const signedIn = useRootStore((state) => state.auth.flag);
  const closeMenu = () => setMenuOpen(false);
  const menuButtonState = menuOpen ? MENU_BUTTON.open : MENU_BUTTON.closed;
  const account = signedIn ? ACCOUNT_LINK.signedIn : ACCOUNT_LINK.signedOut;
  const menuButton = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape" || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="container site-header__inner">
        <Logo />
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d={menuButtonState.icon}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{menuButtonState.label}</span>
        </button>
        <nav
          id={menuId}
          className="site-header__nav"
          data-open={menuOpen ? "true" : "false"}
          aria-label="주요 메뉴"
        >
          <ul className="site-header__links">
            {MARKETING_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="site-header__link" onClick={closeMenu}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="site-header__account">
            <NavLink
              to={account.to}
              className="site-header__link"
              onClick={closeMenu}
              data-account-link=""
            >
              {account.label}
            </NavLink>
            <ButtonLink to="/enrollment">수강 신청</ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
