import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import en from "../apps/admin/src/i18n/locales/en.json" with { type: "json" };
import zhCN from "../apps/admin/src/i18n/locales/zh-CN.json" with { type: "json" };
import { DEMO } from "../apps/server/src/demo/seed";
import { freshTotpCode, type OperatorLogin, operatorSession } from "./operator-sessions";
import { pressUntilGone } from "./support";

export { freshTotpCode, type OperatorLogin, operatorApiHeaders } from "./operator-sessions";

/** The console is a desktop app: journeys see it as an operator's 1440×900 screen does. */
export const DESKTOP = {
  viewport: { width: 1440, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
} as const;

export type ConsoleLocale = "zh-CN" | "en";
export const CONSOLE_TEXT: Record<ConsoleLocale, typeof en> = { "zh-CN": zhCN, en };
const CONSOLE_LOCALES: readonly ConsoleLocale[] = ["zh-CN", "en"];

/**
 * Puts the calling journey file at an operator's desktop size and answers the runs every console
 * journey makes: one per console language, with its texts and its place (0, 1) to tell their data apart.
 */
export function consoleRuns(): readonly { locale: ConsoleLocale; text: typeof en; run: number }[] {
  test.use({ ...DESKTOP });
  return CONSOLE_LOCALES.map((locale, run) => ({ locale, text: CONSOLE_TEXT[locale], run }));
}

const demoOperator = (role: "admin" | "finance" | "support", nth = 0): OperatorLogin => {
  const operator = DEMO.operators.filter((candidate) => candidate.role === role)[nth];
  if (!operator) throw new Error(`no demo ${role} #${nth + 1}`);
  return { username: operator.username, password: operator.password, totpSecret: operator.totpSecret };
};

/** The demo's two admins, finance and support operators, all enrolled at seeding with known secrets. */
export const DEMO_ADMIN = demoOperator("admin");
export const DEMO_ADMIN_2 = demoOperator("admin", 1);
export const DEMO_FINANCE = demoOperator("finance");
export const DEMO_SUPPORT = demoOperator("support");

/** Types the authenticator's code into the sign-in page's six cells (sent by the page on the sixth). */
export async function typeTotpCode(page: Page, code: string): Promise<void> {
  await page.getByTestId("totp-code").locator("input").first().click();
  await page.keyboard.type(code);
}

/** Signs an enrolled operator in through the sign-in page: password, then the authenticator's code. */
export async function signInToConsole(page: Page, login: OperatorLogin): Promise<void> {
  await page.goto("/admin/sign-in");
  await page.getByTestId("sign-in-username").fill(login.username);
  await page.getByTestId("sign-in-password").fill(login.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByTestId("step-second-factor")).toBeVisible();
  await typeTotpCode(page, await freshTotpCode(login.totpSecret));
  await expect(page.getByTestId("operator-name")).toHaveText(login.username);
}

/**
 * Puts `value` under `key` in localStorage as the tab first opens, not again on its later loads, so what
 * the journey then changes in the console (a language, a sign-out) stays changed.
 */
async function storeOnceInTab(page: Page, key: string, value: string): Promise<void> {
  await page.addInitScript(
    ([name, text]) => {
      const mark = `e2e-set-${name}`;
      if (!sessionStorage.getItem(mark)) {
        localStorage.setItem(name, text);
        sessionStorage.setItem(mark, "1");
      }
    },
    [key, value] as const,
  );
}

/** Starts the console in `locale` (its own language key, apart from the H5 app's). */
export async function setConsoleLanguage(page: Page, locale: ConsoleLocale): Promise<void> {
  await storeOnceInTab(page, "tickfair-admin-language", locale);
}

/**
 * Starts the console in `locale` with `operator` signed in: the run's session of that operator, put
 * where the console keeps it (admin-signin.journey.ts goes through the sign-in page itself).
 */
export async function openConsole(page: Page, locale: ConsoleLocale, operator: OperatorLogin): Promise<void> {
  await setConsoleLanguage(page, locale);
  const session = await operatorSession(page.request, operator);
  // The console's persisted session (apps/admin/src/store/session.ts).
  await storeOnceInTab(page, "tickfair-admin-session", JSON.stringify({ state: session, version: 1 }));
  await page.goto("/admin/");
  await expect(page.getByTestId("operator-name")).toHaveText(operator.username);
}

const KEY_GROUPS =
  "common|errors|shell|roles|nav|signIn|status|table|review|deposits|withdrawals|audit|home|notFound|routeError|dashboard|settings|controls|operators|auditActions|auditTargets|savings|verifications|content|broadcasts|chats|users|markets|limits|risk|desk";

/** What an operator would notice at once: a raw translation key on screen, or a page wider than the window. */
export async function expectConsolePolished(page: Page): Promise<void> {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(new RegExp(`\\b(${KEY_GROUPS})\\.[a-zA-Z]+`));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Nothing sticks out of its card: a wide table scrolls inside it.
  const spilled = await page.evaluate(() =>
    [...document.querySelectorAll(".ant-card-body")]
      .filter((body) => body.scrollWidth > body.clientWidth + 1)
      .map((body) => body.closest("[data-testid]")?.getAttribute("data-testid") ?? "a card"),
  );
  expect(spilled).toEqual([]);
}

/**
 * Presses the primary button of the open confirmation (antd's Modal.confirm: "OK", "Publish",
 * "Approve"…) and waits until that dialog has gone, or until `outcome` (a passing toast) shows.
 */
export async function confirmConsole(page: Page, outcome?: Locator): Promise<void> {
  await pressUntilGone(
    page.locator(".ant-modal-confirm").last(),
    ".ant-modal-confirm-btns .ant-btn-primary",
    outcome,
  );
}

const artifacts = path.resolve(import.meta.dirname, "artifacts");

/** Saves what the operator's screen shows as e2e/artifacts/<locale>/admin-<name>.png. */
export async function consoleShot(page: Page, locale: ConsoleLocale, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // A table still loading is drawn dimmed under its spinner: the picture waits for its rows.
  await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
  // antd's motions (drawers, dialogs, messages) settle before the picture is taken.
  await page.waitForTimeout(400);
  const dir = path.join(artifacts, locale);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `admin-${name}.png`) });
}

/**
 * Another operator at another desk: a browser context of its own (its own session), signed in to the
 * console in `locale`, for checking what a role does not see.
 */
export async function openConsoleDesk(
  browser: Browser,
  locale: ConsoleLocale,
  operator: OperatorLogin,
): Promise<Page> {
  const context = await browser.newContext({
    ...DESKTOP,
    baseURL: test.info().project.use.baseURL,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  await openConsole(page, locale, operator);
  return page;
}

/**
 * Searches the users list for one account and waits until the list shows that search's answer: a
 * click while the unfiltered rows are being replaced can land on a row that has just moved.
 */
export async function searchUsers(page: Page, account: string): Promise<Locator> {
  await page.getByTestId("nav-users").click();
  await expect(page.getByTestId("users-table")).toBeVisible();
  await page.getByTestId("list-search").fill(account);
  await page.getByTestId("list-search").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${account}`));
  const rows = page.getByTestId("users-table").locator("tbody tr.ant-table-row");
  await expect(rows).toHaveCount(1);
  const hit = rows.getByTestId("user-link").filter({ hasText: account });
  await expect(hit).toHaveCount(1);
  return hit;
}

/** Opens one user's page from the console's search. */
export async function openUser(page: Page, account: string): Promise<void> {
  await (await searchUsers(page, account)).click();
  await expect(page.getByTestId("user-account")).toHaveText(account);
}
