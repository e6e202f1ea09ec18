import { NavLink, Outlet } from "react-router";
import { Logo } from "../components/marketing/logo";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-shell";

export const meta: Route.MetaFunction = () =>
  pageMeta(pageTitle("내 학습 공간"), "설탭 수업, 결제와 계약을 관리하는 학습 공간이에요.");

/** The app shell (/_app, /_app/*): rendered in the browser from the SPA fallback. */
export default function AppShell() {
  return (
    <div className="app-shell">
      <header className="app-header">
        <div className="container app-header__inner">
          <Logo />
          <nav aria-label="학습 공간 메뉴">
            <ul className="app-header__links">
              <li>
                <NavLink to="/_app" end className="app-header__link">
                  내 학습 공간
                </NavLink>
              </li>
              <li>
                <NavLink to="/enrollment" className="app-header__link">
                  수강 신청
                </NavLink>
              </li>
              <li>
                <NavLink to="/seoltab_faq_st" className="app-header__link">
                  자주 묻는 질문
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="app-main">
        <div className="container">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
