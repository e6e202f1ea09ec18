/**
 * The api and the page as the browser tests use them beside the browser: REST and GraphQL calls
 * with a person's token (to prepare orders quickly), sign-in through /main/login, and the checks
 * every journey makes (axe, the app menu, page errors, won as the pages write it).
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_PASSWORD, overflowX } from "./accounts.ts";
import { screenshot } from "./browser.ts";

/** A signed-in person for api calls. */
export interface Session {
  token: string;
  userNo: number;
}

/** "567,000원", as the pages write won. */
export const won = (n: number) => `${n.toLocaleString("en-US")}원`;

/** Page errors that matter (Chromium logs refused requests as console errors; those are asserted where they matter). */
export const pageErrors = (errors: string[]) =>
  errors.filter((e) => !e.startsWith("Failed to load resource"));

/**
 * POST `path` on the server at `baseUrl` (REST, ONUEI_RES envelope); the RESPONSE on SUCCESS.
 * @throws Error with the status and STATUSMSG otherwise
 */
export async function restCall<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as {
    ONUEI_RES: { STATUS: { STATUSMSG: string }; DATA: { RESULT: string; RESPONSE: T } };
  };
  if (envelope.ONUEI_RES.DATA.RESULT !== "SUCCESS") {
    throw new Error(`${path}: ${response.status} ${envelope.ONUEI_RES.STATUS.STATUSMSG}`);
  }
  return envelope.ONUEI_RES.DATA.RESPONSE;
}

/**
 * A GraphQL call on /payment/graphql (or `backend`) with `token`; the data.
 * @throws Error with the errors' messages when there are any
 */
export async function graphqlCall<T>(
  baseUrl: string,
  token: string,
  query: string,
  variables: unknown,
  backend = "payment",
): Promise<T> {
  const response = await fetch(`${baseUrl}/${backend}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

/** Signs `email` in through /main/login with the demo password. */
export async function apiLogin(baseUrl: string, email: string): Promise<Session> {
  const r = await restCall<{ token: string; USER_NO: number }>(baseUrl, "/main/login", {
    EMAIL_ID: email,
    PASSWORD: DEMO_PASSWORD,
    PLATFORM: "WEB",
  });
  return { token: r.token, userNo: r.USER_NO };
}

/**
 * axe's violations on the page, one line each ("rule: targets"); [] when clean. Only violations
 * are worked out in full (`resultTypes`, axe-core's API.md "Performance"): axe still runs every
 * rule on every node, but computes selectors for the passed, inapplicable and incomplete results
 * of one node per rule instead of all — the same violations, in less time on large pages.
 *
 * `setLegacyMode()`: one `axe.run` in the page, which also tests its same-origin frames. The
 * default runs `axe.runPartial` per frame and then opens a blank page in the context to run
 * `axe.finishRun` (injecting axe-core's 550 kB again) on every call: 0.7-1.3 s per analysis here
 * against 0.33-0.53 s, with the same violations on our pages, frames included (decision 043).
 * What legacy mode leaves out are cross-origin frames; the pages these tests check have none.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/**
 * The checks of a finished screen: no horizontal scroll, no axe violation (issue #11: axe on
 * every app page), then a screenshot named `name` (test-results/screenshots/`name`.png).
 */
export async function expectFitsAndAccessible(page: Page, name: string) {
  expect(await overflowX(page), name).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), name).toEqual([]);
  await screenshot(page, name);
}

/** A lecture as myLectures (matching backend) lists it. */
export interface LectureSummary {
  id: string;
  /** MATCHING, MATCHED, ACTIVE, REMATCH, ENDED… */
  state: string;
}

/** The lectures of the student `studentNo` as `viewer` (the student or a parent) reads them. */
export async function lecturesOf(
  baseUrl: string,
  viewer: Session,
  studentNo: number,
): Promise<LectureSummary[]> {
  const { myLectures } = await graphqlCall<{ myLectures: LectureSummary[] }>(
    baseUrl,
    viewer.token,
    `query($u: Int) { myLectures(userId: $u) { id state } }`,
    { u: studentNo },
    "matching",
  );
  return myLectures;
}

/**
 * Opens an app page from the header menu, as a person would. (A `page.goto` right after signing
 * in can start the next document before Chromium has committed the sign-in's storage writes.)
 */
export async function openFromMenu(page: Page, baseUrl: string, name: string, path: string) {
  await page
    .getByRole("navigation", { name: "학습 공간 메뉴" })
    .getByRole("link", { name, exact: true })
    .click();
  await page.waitForURL(`${baseUrl}${path}`);
}

/**
 * Opens a staff page as staff do: the header's one 운영 콘솔 entry, then the console's own menu
 * (운영 콘솔 메뉴), which lists every staff page.
 */
export async function openFromConsoleMenu(page: Page, baseUrl: string, name: string, path: string) {
  await openFromMenu(page, baseUrl, "운영 콘솔", "/_app/admin");
  await page
    .getByRole("navigation", { name: "운영 콘솔 메뉴" })
    .getByRole("link", { name, exact: true })
    .click();
  await page.waitForURL(`${baseUrl}${path}`);
}
