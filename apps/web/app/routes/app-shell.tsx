import { ApolloProvider } from "@apollo/client/react";
import { isStaffUserType } from "@seoltab/domain";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Logo } from "../components/marketing/logo";
import { SessionCheck } from "../features/accounts/components/session-check";
import { USER_TYPE_LABELS } from "../features/accounts/labels";
import { ViewAsBanner } from "../features/view-as/components/view-as-banner";
import { getGraphqlClient } from "../lib/graphql-client";
import { logout } from "../lib/logout";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-shell";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("내 학습 공간"), "설탭 수업, 결제와 계약을 관리하는 학습 공간이에요.");

/**
 * The app shell (/_app, /_app/*): rendered in the browser from the SPA fallback. It provides the
 * GraphQL client (Apollo is imported by app routes only, never by the marketing pages). When
 * signed in, the header names the person and their type and offers 로그아웃 (every step of
 * SPEC.md §4, app/lib/logout.ts), and the session is checked against the auth backend.
 */
export default function AppShell() {
  const [client] = useState(getGraphqlClient);
  const auth = useRootStore((state) => state.auth);
  const navigate = useNavigate();
  const signedIn = auth.flag && auth.data !== null;
  const signOut = useCallback(
    () => void logout({ navigate: (path) => void navigate(path, { replace: true }) }),
    [navigate],
  );

  return (
    <ApolloProvider client={client}>
      <AppShellLayout signOut={signOut} />
      {signedIn && auth.data ? (
        <SessionCheck key={auth.data.USER_NO} userNo={auth.data.USER_NO} onMismatch={signOut} />
      ) : null}
    </ApolloProvider>
  );
}

/**
 * Keeps `--app-header-bottom` (px) on the document root equal to the sticky header's height, so
 * toasts open below it instead of over 로그아웃 (ui.css), whatever the header's rows.
 */
function useHeaderHeightVariable(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty("--app-header-bottom", `${Math.ceil(element.offsetHeight)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--app-header-bottom");
    };
  }, [header]);
}

/**
 * The menu row scrolls sideways on narrow screens (app-shell.css): tells which sides have more
 * links (`data-more-start` / `data-more-end`, drawn as a fade and an arrow cue) and brings the
 * current page's link into view after each navigation.
 */
function useScrollableMenu(nav: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const element = nav.current;
    if (!element) return;
    const update = () => {
      const max = element.scrollWidth - element.clientWidth;
      setMore({ start: element.scrollLeft > 1, end: element.scrollLeft < max - 1 });
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, [nav]);
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const element = nav.current;
    if (!current || !element || element.scrollWidth <= element.clientWidth) return;
    const left = current.offsetLeft - (element.clientWidth - current.offsetWidth) / 2;
    element.scrollTo({ left: Math.max(0, left) });
  }, [nav, pathname]);
  return more;
}

function AppShellLayout({ signOut }: { signOut: () => void }) {
  const auth = useRootStore((state) => state.auth);
  const signedIn = auth.flag && auth.data !== null;
  const header = useRef<HTMLElement>(null);
  const nav = useRef<HTMLElement>(null);
  useHeaderHeightVariable(header);
  const more = useScrollableMenu(nav);
  return (
    <div className="app-shell">
      <header className="app-header" ref={header}>
        <div className="container app-header__inner">
          <Logo />
          <div
            className="app-header__menu"
            data-more-start={more.start || undefined}
            data-more-end={more.end || undefined}
          >
            <nav aria-label="학습 공간 메뉴" className="app-header__nav" ref={nav}>
              <ul className="app-header__links">
                <li>
                  <NavLink to="/_app" end className="app-header__link">
                    내 학습 공간
                  </NavLink>
                </li>
                {signedIn && auth.data?.USER_TYPE === "TEACHER" ? (
                  <li>
                    <NavLink to="/_app/tutor" className="app-header__link">
                      선생님 지원
                    </NavLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to="/_app/enrollment" className="app-header__link">
                    수강 신청
                  </NavLink>
                </li>
                {signedIn ? (
                  <li>
                    <NavLink to="/_app/payments" className="app-header__link">
                      결제 내역
                    </NavLink>
                  </li>
                ) : null}
                {signedIn ? (
                  <li>
                    <NavLink to="/_app/contracts" className="app-header__link">
                      계약서
                    </NavLink>
                  </li>
                ) : null}
                {signedIn ? (
                  <li>
                    <NavLink to="/_app/billing-card" className="app-header__link">
                      결제 카드
                    </NavLink>
                  </li>
                ) : null}
                {signedIn ? (
                  <li>
                    <NavLink to="/_app/profile" className="app-header__link">
                      내 정보
                    </NavLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to="/seoltab_faq_st" className="app-header__link">
                    자주 묻는 질문
                  </NavLink>
                </li>
                {signedIn && auth.data && isStaffUserType(auth.data.USER_TYPE) ? (
                  <li>
                    {/* One entry for staff: the console's own menu lists every staff page. */}
                    <NavLink to="/_app/admin" className="app-header__link">
                      운영 콘솔
                    </NavLink>
                  </li>
                ) : null}
              </ul>
            </nav>
          </div>
          {signedIn && auth.data ? (
            <div className="app-header__account">
              <p className="app-header__who">
                <span className="app-header__name">
                  {auth.data.USER_NAME ?? auth.data.EMAIL_ID}
                </span>
                <span className="app-header__type">{USER_TYPE_LABELS[auth.data.USER_TYPE]}</span>
              </p>
              <button
                type="button"
                className="btn btn--secondary app-header__logout"
                onClick={signOut}
              >
                로그아웃
              </button>
            </div>
          ) : null}
        </div>
      </header>
      <ViewAsBanner />
      <main id="main-content" tabIndex={-1} className="app-main">
        <div className="container">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
