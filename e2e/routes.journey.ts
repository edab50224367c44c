import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { DEMO } from "../apps/server/src/demo/seed";
import { NEWS_PATH } from "../apps/web/src/lib/news-path";
import { paths } from "../apps/web/src/lib/paths";
import { logInViaForm, SHOT_LOCALES, setLanguage, TEXT } from "./support";
import { axeViolations, expectPolished, shot } from "./support-screens";

/**
 * Every route of the H5 app, opened cold (a fresh document straight at its address, as a link from
 * outside or a reload opens it): each renders with all of its styles and passes axe's WCAG 2.1 AA rules.
 */

type RouteKey = keyof typeof paths | "index" | "news" | "notFound";

/** Where each route is opened; `signedIn` ones after signing in as the demo user. */
const VISITS: Record<RouteKey, { url: string; signedIn?: boolean }> = {
  index: { url: "/" },
  welcome: { url: paths.welcome },
  home: { url: paths.home },
  product: { url: paths.product },
  login: { url: paths.login },
  registerCheck: { url: `${paths.registerCheck}?code=${DEMO.inviteCode}` },
  register: { url: paths.register },
  savingsRules: { url: paths.savingsRules },
  detail: { url: `${paths.detail}?symbol=${encodeURIComponent("BTC/USDT")}` },
  productRules: { url: `${paths.productRules}?symbol=${encodeURIComponent("BTC/USDT")}` },
  aboutUs: { url: paths.aboutUs },
  privacy: { url: paths.privacy },
  agreement: { url: paths.agreement },
  article: { url: paths.article },
  fairness: { url: paths.fairness },
  news: { url: NEWS_PATH },
  notFound: { url: "/pages/no/such/page" },
  recordsTab: { url: paths.recordsTab, signedIn: true },
  user: { url: paths.user, signedIn: true },
  settings: { url: paths.settings, signedIn: true },
  password: { url: `${paths.password}?type=pay`, signedIn: true },
  deposit: { url: paths.deposit, signedIn: true },
  withdraw: { url: paths.withdraw, signedIn: true },
  verification: { url: paths.verification, signedIn: true },
  order: { url: paths.order, signedIn: true },
  orderDetail: { url: `${paths.orderDetail}?id=1`, signedIn: true },
  depositDetails: { url: paths.depositDetails, signedIn: true },
  withdrawDetails: { url: paths.withdrawDetails, signedIn: true },
  fundRecords: { url: paths.fundRecords, signedIn: true },
  withdrawAccount: { url: paths.withdrawAccount, signedIn: true },
  withdrawAccountDetail: { url: `${paths.withdrawAccountDetail}?type=crypto`, signedIn: true },
  messages: { url: paths.messages, signedIn: true },
  chat: { url: paths.chat, signedIn: true },
  savings: { url: paths.savings, signedIn: true },
  savingsRecords: { url: paths.savingsRecords, signedIn: true },
  transfer: { url: paths.transfer, signedIn: true },
  limits: { url: paths.limits, signedIn: true },
  solvency: { url: paths.solvency, signedIn: true },
  sessions: { url: paths.sessions, signedIn: true },
  passkeys: { url: paths.passkeys, signedIn: true },
  twoFactor: { url: paths.twoFactor, signedIn: true },
  notifications: { url: paths.notifications, signedIn: true },
};

test("the route table above names every route of the app's route table", () => {
  const routes = fs.readFileSync(path.resolve(import.meta.dirname, "../apps/web/src/routes.tsx"), "utf8");
  const named = new Set([...routes.matchAll(/\bpaths\.(\w+)/g)].map((match) => match[1]));
  expect(routes).toContain("NEWS_PATH");
  expect(routes).toContain("?? notFound");
  // A route written as a literal address would escape the table; "/" is welcome's second address.
  expect([...routes.matchAll(/path:\s*"([^"]*)"/g)].map((match) => match[1])).toEqual(["/"]);
  for (const key of named) expect(Object.keys(VISITS), `paths.${key} is visited`).toContain(key);
});

/** Every class a selector of the app's built stylesheets names: what some route's CSS styles. */
function builtClasses(): string[] {
  const dir = path.resolve(import.meta.dirname, "../apps/web/dist/static/css");
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".css"))) {
    // Declarations dropped first, so a value ("url(a.png)", "1.5px") is not read as a class.
    const selectors = fs.readFileSync(path.join(dir, file), "utf8").replace(/\{[^{}]*\}/g, "{}");
    for (const match of selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(match[1] ?? "");
  }
  return [...names];
}

/** Waits until the page shows its content rather than a splash, a skeleton, a spinner or a failure. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator("#root main").first()).toBeVisible();
  // A long list's footer says "loading" while more pages wait below; that is not the page loading.
  await expect(
    page.locator('[aria-busy="true"], .adm-dot-loading:not(.list-footer *), .adm-skeleton, .boot-splash'),
  ).toHaveCount(0);
  await expect(page.getByTestId("load-error")).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Classes on the page that the built CSS styles but no stylesheet of this document does: a component
 * that uses another's classes without importing its stylesheet looks right only after that other one
 * has been loaded.
 */
async function unstyledClasses(page: Page, built: string[]): Promise<string[]> {
  return page.evaluate((names) => {
    const loaded = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const match of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g))
            loaded.add(match[1] ?? "");
        if ("cssRules" in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const styled = new Set(names);
    // antd-mobile's components import their own styles; its descendant rules (".adm-input-clear
    // .antd-mobile-icon") name classes that need no rule elsewhere.
    const ours = (name: string) => !name.startsWith("adm-") && !name.startsWith("antd-mobile-");
    const used = new Set(Array.from(document.querySelectorAll("[class]")).flatMap((el) => [...el.classList]));
    return [...used].filter((name) => ours(name) && styled.has(name) && !loaded.has(name)).sort();
  }, built);
}

/**
 * A cold visit with its checks takes about 5 s on a busy 2-core machine: each test allows twice that
 * per route and a minute to start, so the table can grow without a run out of time.
 */
const timeoutFor = (routes: number) => 60_000 + routes * 10_000;

const KEYS = Object.keys(VISITS) as RouteKey[];
const SIGNED_OUT = KEYS.filter((key) => !VISITS[key].signedIn);
const SIGNED_IN = [...KEYS.filter((key) => VISITS[key].signedIn), "home" as const];

/** Opens each route cold and collects what is unstyled or fails axe on it, by route. */
async function checkRoutes(page: Page, keys: readonly RouteKey[]) {
  const built = builtClasses();
  const problems: Record<string, { unstyled: string[]; axe: string[] }> = {};
  for (const key of keys) {
    await page.goto(`/h5${VISITS[key].url}`);
    await settled(page);
    const unstyled = await unstyledClasses(page, built);
    const axe = await axeViolations(page);
    if (unstyled.length > 0 || axe.length > 0) problems[key] = { unstyled, axe };
  }
  return problems;
}

for (const locale of SHOT_LOCALES) {
  test(`every route opened cold in ${locale}, signed out: its styles loaded, no accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(timeoutFor(SIGNED_OUT.length + 2));
    await setLanguage(page, locale);
    const problems = await checkRoutes(page, SIGNED_OUT);

    // An article address without an id is the news list, never an empty page.
    await page.goto(`/h5${paths.article}`);
    await expect(page.getByTestId("news-list")).toBeVisible();
    await expect(page.getByText(TEXT[locale].content.news).first()).toBeVisible();
    await shot(page, locale, "routes-article-without-id");
    // One that names no article says so and leads to the list.
    await page.goto(`/h5${paths.article}?id=not-an-id`);
    await expect(page.getByTestId("article-missing")).toContainText(TEXT[locale].content.articleMissing);
    await shot(page, locale, "routes-article-unknown");
    await page.getByRole("button", { name: TEXT[locale].content.allNews }).click();
    await expect(page.getByTestId("news-list")).toBeVisible();
    expect(problems).toEqual({});
  });

  test(`every route opened cold in ${locale}, signed in: its styles loaded, no accessibility violation`, async ({
    page,
  }) => {
    test.setTimeout(timeoutFor(SIGNED_IN.length + 3));
    await setLanguage(page, locale);
    await logInViaForm(page, DEMO.user.account, DEMO.user.password);
    const problems = await checkRoutes(page, SIGNED_IN);

    await page.goto(`/h5${paths.recordsTab}`);
    await settled(page);
    await expect(page.getByTestId("fund-record").first()).toBeVisible();
    await expect(page.getByTestId("records-filter-all")).toHaveCSS("border-radius", "16px");
    await shot(page, locale, "routes-fund-records-cold");

    // Push notifications, cold: what is pushed and what a lock screen shows, then this device's switch,
    // off (never asked). Without the Push API the page says so instead of offering a dead switch.
    const notifications = TEXT[locale].notifications;
    await page.goto(`/h5${paths.notifications}`);
    await settled(page);
    await expect(page.getByText(notifications.intro)).toBeVisible();
    await expect(page.getByText(notifications.kindSettled)).toBeVisible();
    await expect(page.getByRole("switch", { name: notifications.switch })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await expectPolished(page);
    await shot(page, locale, "routes-notifications");
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, "PushManager");
    });
    await page.goto(`/h5${paths.notifications}`);
    await settled(page);
    await expect(page.getByTestId("notifications-reason")).toHaveText(notifications.unsupported);
    await expect(page.getByRole("switch")).toHaveCount(0);
    await shot(page, locale, "routes-notifications-unsupported");

    expect(problems).toEqual({});
  });
}
