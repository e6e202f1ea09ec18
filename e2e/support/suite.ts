/**
 * The set-up every browser spec file starts with: one real server (a copy of the run's template
 * data, server.ts) and one Chromium for the file, started together before the file's tests and
 * stopped after them, with the api helpers of api.ts bound to that server's address.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import {
  apiLogin,
  graphqlCall,
  openFromConsoleMenu,
  openFromMenu,
  restCall,
  type Session,
} from "./api.ts";
import { launchBrowser } from "./browser.ts";
import { startServer, type RunningServer } from "./server.ts";

/** A spec file's server and browser (read them inside tests and hooks, not at import time). */
export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The server's address, e.g. "http://localhost:40123" (no trailing slash). */
  readonly url: string;
  /** `restCall` on this server: POST `path`, the RESPONSE of a SUCCESS envelope. */
  rest<T>(path: string, body: unknown, token?: string): Promise<T>;
  /** `graphqlCall` on this server (/payment/graphql unless `backend` names another). */
  graphql<T>(token: string, query: string, variables: unknown, backend?: string): Promise<T>;
  /** Signs `email` in through /main/login with the demo password. */
  apiLogin(email: string): Promise<Session>;
  /** Opens `path` from the app header's menu entry `name` and waits for its URL. */
  openFromMenu(page: Page, name: string, path: string): Promise<void>;
  /** Opens a staff page from the 운영 콘솔 menu entry `name` and waits for its URL. */
  openFromConsoleMenu(page: Page, name: string, path: string): Promise<void>;
}

/**
 * Registers the file's `beforeAll` (server with `env` overrides, see `startServer`, and Chromium,
 * started together) and `afterAll` (browser closed, then the server stopped and its data
 * removed). Call once at the top level of a spec file.
 */
export function serverAndBrowser(env: Record<string, string> = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} is not started yet (read it inside a test or hook)`);
    return value;
  };
  const url = () => started(server, "the server").url;
  return {
    get server() {
      return started(server, "the server");
    },
    get browser() {
      return started(browser, "the browser");
    },
    get url() {
      return url();
    },
    rest: <T>(path: string, body: unknown, token?: string) => restCall<T>(url(), path, body, token),
    graphql: <T>(token: string, query: string, variables: unknown, backend?: string) =>
      graphqlCall<T>(url(), token, query, variables, backend),
    apiLogin: (email) => apiLogin(url(), email),
    openFromMenu: (page, name, path) => openFromMenu(page, url(), name, path),
    openFromConsoleMenu: (page, name, path) => openFromConsoleMenu(page, url(), name, path),
  };
}
