import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Logo } from "../marketing/logo";

interface StatusPageProps {
  code: "404" | "500";
  title: string;
  children: ReactNode;
  /** Extra actions shown before 이전 페이지 / 홈으로. */
  actions?: ReactNode;
}

/**
 * The layout of the /404 and /500 pages: a short explanation and the ways back (이전 페이지,
 * 홈으로). Standalone (its own header and main) so the root error boundary can use it too.
 */
export function StatusPage({ code, title, children, actions }: StatusPageProps) {
  const navigate = useNavigate();
  const goBack = () => {
    // Without an earlier entry in this tab (opened from a link or typed), go home instead.
    if (typeof window !== "undefined" && window.history.length > 1) void navigate(-1);
    else void navigate("/");
  };

  return (
    <div className="status-page">
      <header className="status-page__header">
        <Logo />
      </header>
      <main id="main-content" tabIndex={-1} className="status-page__main">
        <p className="status-page__code" aria-hidden="true">
          {code}
        </p>
        <h1 className="status-page__title">{title}</h1>
        <div className="status-page__body">{children}</div>
        <div className="status-page__actions">
          {actions}
          <button type="button" className="btn btn--secondary" onClick={goBack}>
            이전 페이지
          </button>
          <Link to="/" className="btn btn--primary">
            홈으로
          </Link>
        </div>
      </main>
    </div>
  );
}

/** The not-found page: /404 and every unknown path. */
export function NotFoundPage() {
  return (
    <StatusPage code="404" title="페이지를 찾을 수 없어요">
      <p>주소가 바뀌었거나 없어진 페이지예요. 입력한 주소가 맞는지 한 번 더 확인해 주세요.</p>
    </StatusPage>
  );
}

/** The server-error page: /500 and unexpected errors caught by the root error boundary. */
export function ServerErrorPage() {
  return (
    <StatusPage
      code="500"
      title="일시적인 문제가 생겼어요"
      actions={
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => window.location.reload()}
        >
          다시 시도
        </button>
      }
    >
      <p>요청을 처리하는 중에 문제가 생겼어요. 잠시 후 다시 시도해 주세요.</p>
    </StatusPage>
  );
}
