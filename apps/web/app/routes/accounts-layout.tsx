import { Link, Outlet } from "react-router";
import { Logo } from "../components/marketing/logo";
import "../styles/accounts.css";

/**
 * Layout of the accounts pages (/sign_in, /parent_sign_in, /JoinPage, /accounts/login): the
 * logo and a way home above one centred card, readable from 360 px up. Rendered in the browser
 * from the SPA fallback (APP_ROUTE_PATTERNS).
 */
export default function AccountsLayout() {
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <div className="auth-page__header-inner">
          <Logo />
          <Link to="/" className="auth-page__home">
            설탭 홈으로
          </Link>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="auth-page__main">
        <Outlet />
      </main>
      <footer className="auth-page__footer">
        <p>© 주식회사 오누이</p>
      </footer>
    </div>
  );
}
