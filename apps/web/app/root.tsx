import type { MouseEvent, ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import { FullscreenLoader, LoaderOverlay } from "./components/ui/fullscreen-loader";
import { ModalHost } from "./components/ui/modal-host";
import { NotFoundPage, ServerErrorPage } from "./components/ui/status-page";
import { AppToastContainer } from "./components/ui/toast-container";
import { MarketingAnalytics } from "./features/marketing-analytics/marketing-analytics";
import { useGlobalStyle } from "./lib/global-style";
import { ISLANDS_SRC, useStaticPage } from "./lib/islands-page";
import stylesHref from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesHref },
];

/**
 * Moves focus to the page's main landmark without adding "#main-content" to the address (which
 * would then end up in shared links). Without JavaScript the plain anchor does the same. On the
 * static pages app/islands/skip-link.ts does it.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main-content");
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/**
 * The document. Pages rendered by React in the browser (app, account and error pages, /review,
 * /seolbti, /consultation) get React Router's scripts and hydrate. The static pages (the
 * marketing pages and the text-only product pages: a route `handle` with `islands: true`,
 * lib/islands-page.ts) are HTML with one module script instead, the islands entry
 * (app/islands/main.ts): no React in the browser (docs/decisions/010).
 */
export function Layout({ children }: { children: ReactNode }) {
  const globalStyle = useGlobalStyle();
  const staticPage = useStaticPage();
  return (
    <html lang="ko" data-global-style={globalStyle}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {staticPage ? <script type="module" src={ISLANDS_SRC} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main-content" onClick={skipToMain}>
          본문 바로가기
        </a>
        {children}
        {staticPage ? null : (
          <>
            <MarketingAnalytics />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** The page plus the UI mounted once for the whole app: toasts, modals, full-screen loader. */
export default function App() {
  return (
    <>
      <Outlet />
      <ModalHost />
      <FullscreenLoader />
      <AppToastContainer />
    </>
  );
}

/** Shown while the SPA fallback (app routes) loads its route modules. */
export function HydrateFallback() {
  return <LoaderOverlay label="화면을 불러오는 중이에요" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return <ServerErrorPage />;
}
