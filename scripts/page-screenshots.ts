/**
 * Screenshots of every page of the web app at 360 and 1440 px, and a comparison of two sets
 * (issue 10: "nothing moves by accident"). A review tool: see docs/screenshots.md.
 *
 *   npm run screenshots -- shoot <dir> [--only <text>[,<text>…]]
 *     Starts the built app (`npm run build` first) as the browser tests do (local mode, a fresh
 *     PGlite directory, the demo seeds), prepares what the pages need through the API (a signed
 *     contract, a diagnosis), signs in as each demo account and writes one full-page PNG per page
 *     and width into <dir> (<page>-<width>.png), with <dir>/manifest.json (every page's URL, HTTP
 *     status and error). --only keeps the pages whose name contains one of the comma-separated
 *     texts (and keeps the other pages' records of an earlier run in <dir>).
 *     Exit code 1 when a page failed to load, else 0.
 *
 *   npm run screenshots -- compare <before-dir> <after-dir> <report-dir>
 *     pixelmatch per page and width; diff PNGs and report.md (page, width, changed pixels %, the
 *     heights, the diff's path) into <report-dir>. Exit code 0 whatever changed; 1 only when a page
 *     of either set failed to load.
 *
 * What is held still so two runs of the same code give the same pixels: animations and
 * transitions off (and prefers-reduced-motion), the caret hidden, toasts hidden, lazy images
 * loaded, the browser clock fixed at the run's start (Asia/Seoul), and text that moves between
 * runs masked in place: dates, times, relative times ("3분 전", D-7), long digit runs and uuids
 * (order numbers, gateway ids) have each digit run replaced by 00 (ids by 0000000), so the text is the
 * same whatever day it is.
 * Pages of a route the checkout's apps/web/app/routes.ts does not have are skipped (listed as
 * new by compare); routes.ts routes the page list does not cover are printed as a warning.
 *
 * Chromium: the system one through playwright-core with the browser tests' flags (one browser,
 * one page at a time).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { DEMO, signIn } from "../e2e/support/accounts.ts";
import { apiLogin, graphqlCall, type Session } from "../e2e/support/api.ts";
import { CHROMIUM_ARGS } from "../e2e/support/browser.ts";
import { startServer, type RunningServer } from "../e2e/support/server.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The two widths every page is shot at, in CSS px (heights: the e2e viewports). */
export const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1440, height: 900 },
] as const;

type Role = "guest" | "student" | "parent" | "tutor" | "admin";

/** Ids the pages need, read from the seed or created through the API before any shot. */
interface SeedIds {
  studentNo: number;
  paymentId: string;
  lectureId: string;
  contractId: string;
  contractToSignId: string | null;
  diagnosisId: string;
}

/** One page to shoot: `route` is the path as routes.ts spells it (to tell pages a checkout lacks). */
interface PageSpec {
  name: string;
  role: Role;
  route: string;
  path: (ids: SeedIds) => string;
  /** HTTP status the document answers with (200 unless said). */
  status?: number;
}

const at = (path: string) => () => path;

/** Every page route of apps/web, as the person it is for. */
export const PAGES: readonly PageSpec[] = [
  // Marketing and product pages (MARKETING_PATHS, PRODUCT_PAGE_PATHS; static or hydrated).
  { name: "home", role: "guest", route: "/", path: at("/") },
  { name: "index", role: "guest", route: "/index", path: at("/index") },
  { name: "smart", role: "guest", route: "/smart", path: at("/smart") },
  { name: "smart-content", role: "guest", route: "/smart_content", path: at("/smart_content") },
  { name: "examination", role: "guest", route: "/examination", path: at("/examination") },
  { name: "seoltab-review", role: "guest", route: "/seoltab_review", path: at("/seoltab_review") },
  { name: "seoltab-faq", role: "guest", route: "/seoltab_faq_st", path: at("/seoltab_faq_st") },
  { name: "enrollment", role: "guest", route: "/enrollment", path: at("/enrollment") },
  {
    name: "promotion-winter",
    role: "guest",
    route: "/promotion/winter",
    path: at("/promotion/winter"),
  },
  {
    name: "promotion-winter-basicschool",
    role: "guest",
    route: "/promotion/winter/basicschool",
    path: at("/promotion/winter/basicschool"),
  },
  {
    name: "promotion-winter-specialschool",
    role: "guest",
    route: "/promotion/winter/specialschool",
    path: at("/promotion/winter/specialschool"),
  },
  { name: "review", role: "guest", route: "/review", path: at("/review") },
  {
    name: "examination-event",
    role: "guest",
    route: "/examination_event",
    path: at("/examination_event"),
  },
  {
    name: "service-introduction",
    role: "guest",
    route: "/service_introduction",
    path: at("/service_introduction"),
  },
  { name: "philosophy", role: "guest", route: "/philosophy", path: at("/philosophy") },
  { name: "ai-diagnosis", role: "guest", route: "/ai_diagnosis", path: at("/ai_diagnosis") },
  { name: "seolbti", role: "guest", route: "/seolbti", path: at("/seolbti") },
  // /500 and /404 are prerendered pages (200 when asked by name); an unknown path answers 404.
  { name: "server-error", role: "guest", route: "500", path: at("/500") },
  { name: "consultation", role: "guest", route: "consultation", path: at("/consultation") },
  { name: "not-found", role: "guest", route: "*", path: at("/404") },
  { name: "unknown-path", role: "guest", route: "*", path: at("/no-such-page"), status: 404 },
  // Accounts pages and the guest's enrollment.
  { name: "sign-in", role: "guest", route: "sign_in", path: at("/sign_in") },
  { name: "parent-sign-in", role: "guest", route: "parent_sign_in", path: at("/parent_sign_in") },
  { name: "join", role: "guest", route: "JoinPage", path: at("/JoinPage") },
  { name: "accounts-login", role: "guest", route: "accounts/login", path: at("/accounts/login") },
  { name: "find-email", role: "guest", route: "find_email", path: at("/find_email") },
  { name: "find-password", role: "guest", route: "find_password", path: at("/find_password") },
  {
    name: "guest-enrollment",
    role: "guest",
    route: "guest_enrollment",
    path: at("/guest_enrollment"),
  },
  {
    name: "connect-account",
    role: "guest",
    route: "connect_account",
    path: at("/connect_account"),
  },
  {
    name: "active-account-finish",
    role: "guest",
    route: "active_account_finish",
    path: at("/active_account_finish"),
  },
  // The student (김하늘, with the demo lectures).
  { name: "student-app-home", role: "student", route: "_app", path: at("/_app") },
  {
    name: "student-app-enrollment",
    role: "student",
    route: "enrollment",
    path: at("/_app/enrollment"),
  },
  { name: "student-checkout", role: "student", route: "checkout", path: at("/_app/checkout") },
  { name: "student-payments", role: "student", route: "payments", path: at("/_app/payments") },
  {
    name: "student-refund",
    role: "student",
    route: "payments/:paymentId/refund",
    path: (ids) => `/_app/payments/${ids.paymentId}/refund`,
  },
  {
    name: "student-billing-card",
    role: "student",
    route: "billing-card",
    path: at("/_app/billing-card"),
  },
  { name: "student-contracts", role: "student", route: "contracts", path: at("/_app/contracts") },
  {
    name: "student-contract-sign",
    role: "student",
    route: "contracts/sign",
    path: (ids) =>
      ids.contractToSignId
        ? `/_app/contracts/sign?userId=${ids.studentNo}&contractId=${ids.contractToSignId}`
        : `/_app/contracts/sign?userId=${ids.studentNo}`,
  },
  {
    name: "student-contract",
    role: "student",
    route: "contracts/:contractId",
    path: (ids) => `/_app/contracts/${ids.contractId}`,
  },
  { name: "student-profile", role: "student", route: "profile", path: at("/_app/profile") },
  {
    name: "student-lecture",
    role: "student",
    route: "lectures/:lectureId",
    path: (ids) => `/_app/lectures/${ids.lectureId}`,
  },
  {
    name: "student-diagnosis",
    role: "student",
    route: "diagnoses/:diagnosisId",
    path: (ids) => `/_app/diagnoses/${ids.diagnosisId}`,
  },
  {
    name: "student-payment-finish",
    role: "student",
    route: "payment_finish",
    path: (ids) => `/payment_finish?paymentId=${ids.paymentId}`,
  },
  {
    name: "student-home-pre-member",
    role: "student",
    route: "home_pre_member",
    path: at("/home_pre_member"),
  },
  {
    name: "student-app-unknown",
    role: "student",
    route: "*",
    path: at("/_app/no-such-page"),
  },
  // The parent (김서연, both demo children).
  { name: "parent-app-home", role: "parent", route: "_app", path: at("/_app") },
  { name: "parent-payments", role: "parent", route: "payments", path: at("/_app/payments") },
  { name: "parent-contracts", role: "parent", route: "contracts", path: at("/_app/contracts") },
  { name: "parent-profile", role: "parent", route: "profile", path: at("/_app/profile") },
  {
    name: "parent-app-enrollment",
    role: "parent",
    route: "enrollment",
    path: at("/_app/enrollment"),
  },
  {
    name: "parent-lecture",
    role: "parent",
    route: "lectures/:lectureId",
    path: (ids) => `/_app/lectures/${ids.lectureId}`,
  },
  {
    name: "parent-create-student",
    role: "parent",
    route: "CreateStudentAccount",
    path: at("/CreateStudentAccount"),
  },
  {
    name: "parent-view-students",
    role: "parent",
    route: "ViewStudentAccount",
    path: at("/ViewStudentAccount"),
  },
  {
    name: "parent-update-student",
    role: "parent",
    route: "UpdateStudentAccount",
    path: (ids) => `/UpdateStudentAccount?child=${ids.studentNo}`,
  },
  // The tutor (이준호, matched to the demo lectures).
  { name: "tutor-app-home", role: "tutor", route: "_app", path: at("/_app") },
  { name: "tutor-workspace", role: "tutor", route: "tutor", path: at("/_app/tutor") },
  {
    name: "tutor-lecture",
    role: "tutor",
    route: "lectures/:lectureId",
    path: (ids) => `/_app/lectures/${ids.lectureId}`,
  },
  { name: "tutor-profile", role: "tutor", route: "profile", path: at("/_app/profile") },
  // Staff (운영팀, ADMIN).
  { name: "admin-app-home", role: "admin", route: "_app", path: at("/_app") },
  { name: "admin-console", role: "admin", route: "admin", path: at("/_app/admin") },
  {
    name: "admin-consultations",
    role: "admin",
    route: "admin/consultations",
    path: at("/_app/admin/consultations"),
  },
  {
    name: "admin-matchings",
    role: "admin",
    route: "admin/matchings",
    path: at("/_app/admin/matchings"),
  },
  {
    name: "admin-tutor-applications",
    role: "admin",
    route: "admin/tutor-applications",
    path: at("/_app/admin/tutor-applications"),
  },
  { name: "admin-reviews", role: "admin", route: "admin/reviews", path: at("/_app/admin/reviews") },
  {
    name: "admin-lecture-changes",
    role: "admin",
    route: "admin/lecture-changes",
    path: at("/_app/admin/lecture-changes"),
  },
  {
    name: "admin-messages",
    role: "admin",
    route: "admin/messages",
    path: at("/_app/admin/messages"),
  },
  { name: "admin-audit", role: "admin", route: "admin/audit", path: at("/_app/admin/audit") },
  { name: "admin-view-as", role: "admin", route: "admin/view-as", path: at("/_app/admin/view-as") },
  {
    name: "admin-family",
    role: "admin",
    route: "admin/families/:userNo",
    path: (ids) => `/_app/admin/families/${ids.studentNo}`,
  },
  {
    name: "admin-payment",
    role: "admin",
    route: "admin/payments/:paymentId",
    path: (ids) => `/_app/admin/payments/${ids.paymentId}`,
  },
  { name: "admin-refunds", role: "admin", route: "admin/refunds", path: at("/_app/admin/refunds") },
  { name: "admin-queues", role: "admin", route: "admin/queues", path: at("/_app/admin/queues") },
  {
    name: "admin-sales-policies",
    role: "admin",
    route: "admin/sales-policies",
    path: at("/_app/admin/sales-policies"),
  },
];

const ACCOUNTS: Record<
  Exclude<Role, "guest">,
  { email: string; name: string; signIn: "/sign_in" | "/parent_sign_in" }
> = {
  student: { ...DEMO.student, signIn: "/sign_in" },
  parent: { ...DEMO.parent, signIn: "/parent_sign_in" },
  tutor: { ...DEMO.tutor, signIn: "/sign_in" },
  admin: { ...DEMO.admin, signIn: "/sign_in" },
};

/** One page and width as shot: written to manifest.json. */
interface ShotRecord {
  page: string;
  role: Role;
  width: number;
  url: string;
  file: string | null;
  status: number | null;
  /** Why the page counts as failed to load; null when it loaded. */
  error: string | null;
  /** The route is not in this checkout's routes.ts (not shot). */
  absent?: boolean;
}

interface Manifest {
  commit: string;
  takenAt: string;
  clock: string;
  shots: ShotRecord[];
  uncovered: string[];
}

/** The route strings routes.ts declares (route("…") paths and the marketing/product maps' keys). */
function declaredRoutes(routesTs: string): Set<string> {
  const found = new Set<string>(["_app", "*"]);
  for (const m of routesTs.matchAll(/\broute\(\s*"([^"]+)"/g)) found.add(m[1]!);
  for (const m of routesTs.matchAll(/^\s*"(\/[^"]*)":\s*"routes\//gm)) found.add(m[1]!);
  return found;
}

function currentCommit(): string {
  try {
    const head = readFileSync(join(root, ".git"), "utf8");
    const dir = head.startsWith("gitdir:") ? head.slice(7).trim() : join(root, ".git");
    return readHead(dir);
  } catch {
    return readHead(join(root, ".git"));
  }
}

function readHead(gitDir: string): string {
  const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
  if (!head.startsWith("ref:")) return head.slice(0, 12);
  const ref = head.slice(4).trim();
  const common = existsSync(join(gitDir, "commondir"))
    ? resolve(gitDir, readFileSync(join(gitDir, "commondir"), "utf8").trim())
    : gitDir;
  for (const base of [gitDir, common]) {
    const file = join(base, ref);
    if (existsSync(file)) return readFileSync(file, "utf8").trim().slice(0, 12);
    const packed = join(base, "packed-refs");
    if (existsSync(packed)) {
      const line = readFileSync(packed, "utf8")
        .split("\n")
        .find((l) => l.endsWith(` ${ref}`));
      if (line) return line.slice(0, 12);
    }
  }
  return ref;
}

/**
 * Reads the ids the pages need from the seeded demo data and creates what the seed lacks,
 * through the API: the student's newest payment and ACTIVE lecture, a signed contract (the
 * oldest contract waiting is signed when none is signed yet; the next one waiting stays for the
 * signing page) and a submitted middle-school math diagnosis (every item answered with the first
 * choice). Runs before any shot, so every page of a run sees the same data.
 */
async function prepare(url: string): Promise<SeedIds> {
  const student: Session = await apiLogin(url, DEMO.student.email);
  const gql = <T>(query: string, variables: unknown, backend = "payment") =>
    graphqlCall<T>(url, student.token, query, variables, backend);
  const u = student.userNo;

  const { userPayments } = await gql<{
    userPayments: { payments: { id: string; state: string }[] };
  }>("query($u: Int) { userPayments(userId: $u, first: 20) { payments { id state } } }", { u });
  const paid = userPayments.payments.find((p) => p.state === "PAID") ?? userPayments.payments[0];
  if (!paid) throw new Error("the demo student has no payment: is SEED_DEMO_LECTURES off?");

  const { myLectures } = await gql<{ myLectures: { id: string; state: string }[] }>(
    "query($u: Int) { myLectures(userId: $u) { id state } }",
    { u },
    "matching",
  );
  const lecture = myLectures.find((l) => l.state === "ACTIVE") ?? myLectures[0];
  if (!lecture) throw new Error("the demo student has no lecture");

  const toSign = async () =>
    (
      await gql<{ contractsToSign: { id: string }[] }>(
        "query($u: Int!) { contractsToSign(userId: $u) { id } }",
        { u },
      )
    ).contractsToSign
      .map((c) => c.id)
      .sort((a, b) => Number(a) - Number(b));
  let signed = (
    await gql<{ userContracts: { id: string }[] }>(
      "query($u: Int!) { userContracts(userId: $u) { id } }",
      { u },
    )
  ).userContracts;
  if (signed.length === 0) {
    const [first] = await toSign();
    if (!first) throw new Error("the demo student has no contract, signed or to sign");
    await gql("mutation($i: SignContractInput!) { signContract(input: $i) { userContractId } }", {
      i: { contractToSignId: first, signerName: DEMO.student.name, agreed: true },
    });
    signed = (
      await gql<{ userContracts: { id: string }[] }>(
        "query($u: Int!) { userContracts(userId: $u) { id } }",
        { u },
      )
    ).userContracts;
  }
  const contractToSignId = (await toSign())[0] ?? null;

  const { diagnosisTests } = await gql<{ diagnosisTests: { id: string }[] }>(
    'query { diagnosisTests(subject: "MATH", schoolLevel: "MIDDLE") { id } }',
    {},
    "diagnosis",
  );
  const { startDiagnosis } = await gql<{
    startDiagnosis: { id: string; attemptToken: string; items: { id: string }[] };
  }>(
    "mutation($t: ID!) { startDiagnosis(testId: $t) { id attemptToken items { id } } }",
    { t: diagnosisTests[0]!.id },
    "diagnosis",
  );
  const { submitDiagnosis } = await gql<{ submitDiagnosis: { id: string } }>(
    "mutation($i: SubmitDiagnosisInput!) { submitDiagnosis(input: $i) { id } }",
    {
      i: {
        attemptId: startDiagnosis.id,
        attemptToken: startDiagnosis.attemptToken,
        answers: startDiagnosis.items.map((item) => ({ itemId: item.id, choice: 0 })),
      },
    },
    "diagnosis",
  );
  return {
    studentNo: u,
    paymentId: paid.id,
    lectureId: lecture.id,
    contractId: signed[signed.length - 1]!.id,
    contractToSignId,
    diagnosisId: submitDiagnosis.id,
  };
}

/** CSS that holds the page still: no motion, no caret, no toasts (they come and go). */
const STILL_CSS = `
*, *::before, *::after {
  animation: none !important; transition: none !important; caret-color: transparent !important;
  scroll-behavior: auto !important;
}
.Toastify, [class*="toast" i][role="alert"], [class*="toast" i][role="status"] { display: none !important; }
`;

/**
 * Masks text that moves between runs, in the page: each digit run of a date, time or relative
 * time becomes 00, a long digit run 0000000, a uuid all 0; a weekday after a date becomes 월;
 * date inputs hold 2000-01-01. A string run in the browser (a function's source would carry the
 * bundler's helpers); it evaluates to the number of text nodes changed.
 */
const MASK_MOVING_TEXT = String.raw`(() => {
  const digits = (m) => m.replace(/\d+/g, "00").replace(/\([월화수목금토일]\)/, "(월)");
  const rules = [
    [/\d{4}\s?[.\-\/년]\s?\d{1,2}\s?[.\-\/월]\s?\d{1,2}\s?[일.]?(\s?\([월화수목금토일]\))?/g, digits],
    [/\d{1,2}\s?월\s?\d{1,2}\s?일(\s?\([월화수목금토일]\))?/g, digits],
    [/\d{1,2}\s?[.\/]\s?\d{1,2}\s?\([월화수목금토일]\)/g, digits],
    [/\d{1,2}:\d{2}(:\d{2})?/g, digits],
    [/\d+\s?(초|분|시간|일|주|개월|달)\s?(전|후|뒤|남음|남았어요|지났어요)/g, digits],
    [/D-\s?\d+/g, digits],
    [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (m) => m.replace(/[0-9a-f]/gi, "0")],
    [/\d{7,}/g, () => "0000000"],
    [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{10,}\b/g, () => "0000000000"],
  ];
  const mask = (text) => rules.reduce((out, [pattern, replace]) => out.replace(pattern, replace), text);
  let changed = 0;
  const maskText = (node) => {
    const before = node.nodeValue || "";
    const after = mask(before);
    if (after !== before) {
      node.nodeValue = after;
      changed += 1;
    }
  };
  const maskTree = (root) => {
    if (root.nodeType === Node.TEXT_NODE) return maskText(root);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) maskText(node);
  };
  maskTree(document.body);
  // Text a late render writes after this is masked too (until the next document).
  if (!window.__maskObserver) {
    window.__maskObserver = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "characterData") maskText(record.target);
        else record.addedNodes.forEach(maskTree);
      }
    });
    window.__maskObserver.observe(document.body, { subtree: true, childList: true, characterData: true });
  }
  for (const field of document.querySelectorAll("input, textarea")) {
    if (field.type === "date" && field.value) field.value = "2000-01-01";
    else if (field.type === "datetime-local" && field.value) field.value = "2000-01-01T00:00";
    else if (field.type !== "hidden" && field.value) {
      const masked = mask(field.value);
      if (masked !== field.value) field.value = masked;
    }
  }
  return changed;
})()`;

/** Waits for the page to settle: network idle, fonts, every image (lazy ones made eager). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  // Scroll through the page so scroll-revealed parts appear, then back to the top (fixed
  // elements are painted at the capture's scroll offset otherwise; e2e/support/browser.ts).
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = "eager";
    const step = Math.max(200, window.innerHeight);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    window.scrollTo(0, 0);
    await Promise.race([
      Promise.all(
        Array.from(document.images).map((img) =>
          img.complete ? null : img.decode().catch(() => null),
        ),
      ),
      new Promise((r) => setTimeout(r, 5_000)),
    ]);
    await document.fonts.ready;
  });
  // Loading states (the full-screen loader, aria-busy parts) gone; a page that keeps one is shot as it is.
  await page
    .waitForFunction(
      () => !document.querySelector('.fullscreen-loader__spinner, [aria-busy="true"]'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {});
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
  // The DOM quiet: its text and height unchanged over three samples 250 ms apart (at most 10 s).
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __quiet?: { sig: string; same: number } };
        const sig = `${document.body.innerText.length}:${document.documentElement.scrollHeight}`;
        const last = w.__quiet;
        w.__quiet = { sig, same: last?.sig === sig ? last.same + 1 : 0 };
        return w.__quiet.same >= 3;
      },
      undefined,
      { polling: 250, timeout: 10_000 },
    )
    .catch(() => {});
}

async function newContext(browser: Browser, clock: Date): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    reducedMotion: "reduce",
    viewport: WIDTHS[0],
  });
  await context.clock.setFixedTime(clock);
  await context.addInitScript((css: string) => {
    const add = () => {
      const style = document.createElement("style");
      style.setAttribute("data-page-screenshots", "");
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener("DOMContentLoaded", add, { once: true });
  }, STILL_CSS);
  return context;
}

/** Shoots one page at every width into `dir`; one record per width. */
async function shootPage(
  page: Page,
  baseUrl: string,
  spec: PageSpec,
  ids: SeedIds,
  dir: string,
): Promise<ShotRecord[]> {
  const records: ShotRecord[] = [];
  const path = spec.path(ids);
  for (const viewport of WIDTHS) {
    const file = `${spec.name}-${viewport.width}.png`;
    const record: ShotRecord = {
      page: spec.name,
      role: spec.role,
      width: viewport.width,
      url: path,
      file: null,
      status: null,
      error: null,
    };
    const started = Date.now();
    try {
      await page.setViewportSize(viewport);
      const response = await page.goto(`${baseUrl}${path}`, {
        waitUntil: "load",
        timeout: 30_000,
      });
      record.status = response?.status() ?? null;
      const expected = spec.status ?? 200;
      if (record.status !== expected) record.error = `HTTP ${record.status}, expected ${expected}`;
      await settle(page);
      const landed = new URL(page.url()).pathname;
      if (spec.role !== "guest" && /sign_in$|accounts\/login$/.test(landed)) {
        record.error = `sent to ${landed}: not signed in`;
      }
      await page.evaluate(MASK_MOVING_TEXT);
      await page.screenshot({
        path: join(dir, file),
        fullPage: true,
        animations: "disabled",
        caret: "hide",
        scale: "css",
      });
      record.file = file;
    } catch (error) {
      record.error = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    }
    records.push(record);
    console.log(
      `${record.error ? "FAIL" : "ok  "} ${spec.name} ${viewport.width} (${Date.now() - started} ms)${record.error ? ` — ${record.error}` : ""}`,
    );
  }
  return records;
}

/** `shoot`: every page of PAGES (or those matching `only`) into `dir`. */
async function shoot(dir: string, only: string | null): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const routesTs = readFileSync(join(root, "apps/web/app/routes.ts"), "utf8");
  const declared = declaredRoutes(routesTs);
  const covered = new Set(PAGES.map((p) => p.route));
  const uncovered = [...declared].filter((r) => !covered.has(r));
  if (uncovered.length > 0)
    console.warn(`routes.ts routes without a page here: ${uncovered.join(", ")}`);
  const wanted = only?.split(",").filter(Boolean) ?? [];
  const pages = PAGES.filter((p) => wanted.length === 0 || wanted.some((w) => p.name.includes(w)));
  // The browser's clock: the run's start, to the minute (tokens stay valid; masked text hides it).
  const clock = new Date(Math.floor(Date.now() / 60_000) * 60_000);

  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  const shots: ShotRecord[] = [];
  try {
    server = await startServer({ TZ: "UTC" });
    const ids = await prepare(server.url);
    console.log(`server ${server.url}; ids ${JSON.stringify(ids)}`);
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    for (const role of ["guest", "student", "parent", "tutor", "admin"] as const) {
      const mine = pages.filter((p) => p.role === role);
      if (mine.length === 0) continue;
      const context = await newContext(browser, clock);
      const page = await context.newPage();
      try {
        if (role !== "guest") {
          const who = ACCOUNTS[role];
          await signIn(page, server.url, who.signIn, who.email, who.name);
          // Let the sign-in's storage writes land before the next document starts.
          await page.waitForTimeout(500);
        }
        for (const spec of mine) {
          if (!declared.has(spec.route)) {
            console.log(`skip ${spec.name}: no route "${spec.route}" in this checkout`);
            for (const { width } of WIDTHS) {
              shots.push({
                page: spec.name,
                role,
                width,
                url: spec.path(ids),
                file: null,
                status: null,
                error: null,
                absent: true,
              });
            }
            continue;
          }
          shots.push(...(await shootPage(page, server.url, spec, ids, dir)));
        }
      } catch (error) {
        const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
        console.error(`FAIL ${role}: ${message}`);
        for (const spec of mine.filter((s) => !shots.some((r) => r.page === s.name))) {
          for (const { width } of WIDTHS) {
            shots.push({
              page: spec.name,
              role,
              width,
              url: spec.path(ids),
              file: null,
              status: null,
              error: `${role} sign-in failed: ${message}`,
            });
          }
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
  // With --only, the other pages' records of an earlier run in `dir` are kept.
  const shotNow = new Set(shots.map((s) => s.page));
  const kept =
    only && existsSync(join(dir, "manifest.json"))
      ? readManifest(dir).shots.filter((s) => !shotNow.has(s.page))
      : [];
  const manifest: Manifest = {
    commit: currentCommit(),
    takenAt: new Date().toISOString(),
    clock: clock.toISOString(),
    shots: [...kept, ...shots],
    uncovered,
  };
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const failed = shots.filter((s) => s.error);
  console.log(`${shots.length - failed.length} shots in ${dir}; ${failed.length} failed`);
  return failed.length > 0 ? 1 : 0;
}

function readManifest(dir: string): Manifest {
  const file = join(dir, "manifest.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Manifest;
  // A directory of PNGs without a manifest: every <page>-<width>.png counts as loaded.
  const shots = readdirSync(dir)
    .map((f) => /^(.+)-(\d+)\.png$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      page: m[1]!,
      role: "guest" as Role,
      width: Number(m[2]),
      url: "",
      file: m[0],
      status: null,
      error: null,
    }));
  return { commit: "?", takenAt: "?", clock: "?", shots, uncovered: [] };
}

/** One row of the comparison. */
interface Row {
  page: string;
  width: number;
  /** Changed pixels as a % of the larger image's area; null when one side has no image. */
  percent: number | null;
  sizes: string;
  diff: string | null;
  note: string;
}

/**
 * `compare`: pixelmatch (threshold 0.1) per page and width. Images of different sizes are
 * compared on the larger canvas, the missing part counting as changed.
 */
async function compare(beforeDir: string, afterDir: string, reportDir: string): Promise<number> {
  const { PNG } = await import("pngjs");
  const { default: pixelmatch } = await import("pixelmatch");
  mkdirSync(reportDir, { recursive: true });
  const before = readManifest(beforeDir);
  const after = readManifest(afterDir);
  const key = (s: ShotRecord) => `${s.page}@${s.width}`;
  const beforeShots = new Map(before.shots.map((s) => [key(s), s]));
  const afterShots = new Map(after.shots.map((s) => [key(s), s]));
  const keys = [...new Set([...afterShots.keys(), ...beforeShots.keys()])];
  const rows: Row[] = [];
  const read = (dir: string, file: string) => PNG.sync.read(readFileSync(join(dir, file)));
  for (const k of keys) {
    const b = beforeShots.get(k);
    const a = afterShots.get(k);
    const [page, width] = [(a ?? b)!.page, (a ?? b)!.width];
    const failed = [b?.error ? `before: ${b.error}` : "", a?.error ? `after: ${a.error}` : ""]
      .filter(Boolean)
      .join("; ");
    if (!b?.file || !a?.file) {
      const note =
        failed ||
        (!b || b.absent
          ? "new page (not in before)"
          : !a || a.absent
            ? "gone (not in after)"
            : "no image");
      rows.push({ page, width, percent: null, sizes: "", diff: null, note });
      continue;
    }
    const imgB = read(beforeDir, b.file);
    const imgA = read(afterDir, a.file);
    const w = Math.max(imgB.width, imgA.width);
    const h = Math.max(imgB.height, imgA.height);
    const pad = (img: InstanceType<typeof PNG>) => {
      if (img.width === w && img.height === h) return img.data;
      const out = new PNG({ width: w, height: h });
      out.data.fill(0); // transparent: differs from any painted pixel
      PNG.bitblt(img, out, 0, 0, img.width, img.height, 0, 0);
      return out.data;
    };
    const diff = new PNG({ width: w, height: h });
    const changed = pixelmatch(pad(imgB), pad(imgA), diff.data, w, h, { threshold: 0.1 });
    const percent = (changed / (w * h)) * 100;
    let diffFile: string | null = null;
    if (changed > 0) {
      diffFile = `${page}-${width}-diff.png`;
      writeFileSync(join(reportDir, diffFile), PNG.sync.write(diff));
    }
    rows.push({
      page,
      width,
      percent,
      sizes: imgB.height === imgA.height ? `${h}` : `${imgB.height} → ${imgA.height}`,
      diff: diffFile,
      note: failed,
    });
  }
  rows.sort((x, y) => x.page.localeCompare(y.page) || x.width - y.width);
  const link = (file: string) => relative(reportDir, join(reportDir, file));
  const fmt = (p: number | null) =>
    p === null ? "—" : p === 0 ? "0" : p < 0.01 ? "<0.01" : p.toFixed(2);
  const lines = [
    "# Page screenshots compared",
    "",
    `- before: \`${resolve(beforeDir)}\` (commit ${before.commit}, taken ${before.takenAt})`,
    `- after: \`${resolve(afterDir)}\` (commit ${after.commit}, taken ${after.takenAt})`,
    `- pixelmatch threshold 0.1; % of the larger image's area; heights in CSS px`,
    "",
    `Changed: ${rows.filter((r) => (r.percent ?? 0) > 0).length} of ${rows.length} shots.`,
    "",
    "| page | width | changed % | height | diff | note |",
    "| ---- | ----- | --------- | ------ | ---- | ---- |",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.width} | ${fmt(r.percent)} | ${r.sizes} | ${r.diff ? `[diff](${link(r.diff)})` : ""} | ${r.note} |`,
    ),
    "",
  ];
  if (after.uncovered.length > 0) {
    lines.push(`Routes of routes.ts with no page in the tool: ${after.uncovered.join(", ")}`, "");
  }
  writeFileSync(join(reportDir, "report.md"), lines.join("\n"));
  console.log(lines.slice(0, 7).join("\n"));
  for (const r of rows.filter((x) => (x.percent ?? 0) > 0 || x.note)) {
    console.log(`${r.page} ${r.width}: ${fmt(r.percent)} % ${r.sizes} ${r.note}`);
  }
  const failed = [...before.shots, ...after.shots].some((s) => s.error);
  return failed ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const onlyAt = rest.indexOf("--only");
  const only = onlyAt >= 0 ? (rest[onlyAt + 1] ?? null) : null;
  const args = onlyAt >= 0 ? rest.filter((_, i) => i !== onlyAt && i !== onlyAt + 1) : rest;
  if (command === "shoot" && args.length === 1) return shoot(resolve(args[0]!), only);
  if (command === "compare" && args.length === 3) {
    return compare(resolve(args[0]!), resolve(args[1]!), resolve(args[2]!));
  }
  console.error(
    "usage: npm run screenshots -- shoot <dir> [--only <text>[,<text>…]]\n" +
      "       npm run screenshots -- compare <before-dir> <after-dir> <report-dir>",
  );
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
