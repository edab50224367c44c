/**
 * Size budgets of the production build, read from dist/.vite/manifest.json (build.manifest: true).
 *
 * First load of /h5/pages/index/index = every script the browser fetches on home before its first
 * idle moment after the first screen is committed (decision 0076): the entry and the app it starts
 * after the shell's first paint (src/boot.tsx, its chunks modulepreloaded), the lazy route chunks
 * home needs (the tab layout and the home page), the lazy parts home draws on its first screen (a
 * signed-in user's: the banners, the recommended products, the highlights and news, Yu'ebao), each
 * with its static imports, and the active locale's files (the app's core texts and the contract's
 * error messages, both default zh-CN; the texts of lazily loaded screens come with those screens).
 * What home starts once the screen is interactive (src/boot-later.ts: the badges, the risk warning,
 * the pop-up notice, the socket, the signed-in reminders, the service worker) is not counted. Sizes
 * are gzip (level 9) of each file, each file counted once.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type AppBuild, kb, type ManifestChunk, readAppBuild } from "@tickfair/browser/build-budget";
import { LOCALES } from "@tickfair/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { lazyLibrary } from "./build-budget-checks";
import { BUDGET } from "./build-budget-limits";
import { paths } from "./lib/paths";

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** Started by the entry once the shell is painted, and downloaded alongside it (modulepreload). */
const BOOT_MODULE = "src/boot.tsx";
const HOME_ROUTE_MODULES = ["src/components/TabLayout/TabLayout.tsx", "src/pages/index/Home.tsx"];
/** What home draws lazily on its first screen, asked for while it renders: counted. */
const HOME_FIRST_SCREEN_MODULES = [
  "src/pages/index/HomeBanners.tsx",
  "src/pages/index/RecommendedProducts.tsx",
  "src/pages/index/HomeContent.tsx",
  "src/pages/index/HomeSavings.tsx",
];
/** What home imports lazily but starts only once interactive (src/boot-later.ts) or on a tap. */
const HOME_LATER_MODULES = [
  "src/pages/index/MessagesBadge.tsx",
  "src/pages/index/ServiceBadge.tsx",
  "src/components/RiskWarning/RiskWarning.tsx",
  "src/pages/index/HomePopup.tsx",
  "src/components/LanguageSheet/LanguageSheet.tsx",
];
/** The cashier screens: each a lazy route chunk of its own. */
const CASHIER_ROUTE_MODULES = [
  "src/pages/deposit/Deposit.tsx",
  "src/pages/account/Account.tsx",
  "src/pages/account/AccountDetail.tsx",
  "src/pages/withdraw-money/Withdraw.tsx",
  "src/pages/fund-records/FundRecords.tsx",
  "src/pages/withdraw-list/DepositDetails.tsx",
  "src/pages/withdraw-list/WithdrawalDetails.tsx",
];
const QR_LIBRARY = /node_modules\/qrcode\//;
const CHART_LIBRARY = /node_modules\/lightweight-charts\//;
const DETAIL_PAGE = "src/pages/detail/Detail.tsx";
/** The detail page's chart with its choices, a lazy chunk of its own that imports the library. */
const CHART_PANEL = "src/pages/detail/chart/ChartPanel.tsx";
/** The chart's indicators, loaded by the chart only once one is turned on. */
const CHART_INDICATORS = /^src\/pages\/detail\/chart\/indicator-series\.ts$/;
/** Yu'ebao's page draws its last 30 days with the same library. */
const SAVINGS_PAGE = "src/pages/savings/Savings.tsx";
const APP_LOCALE = /^src\/i18n\/locales\/([\w-]+)\.json$/;
/** The texts of lazily loaded screens: src/i18n/locales/<group>/<locale>.json. */
const GROUP_LOCALE = /^src\/i18n\/locales\/\w+\/[\w-]+\.json$/;
const ERROR_LOCALE = /packages\/contract\/locales\/errors\/([\w-]+)\.json$/;
const DEFAULT_LOCALE = "zh-CN";
/** A text each prerendered page shows, by page: the page is drawn in its language if it is there. */
const PAGE_TEXT = {
  welcome: ["welcome", "tagline"],
  login: ["login", "heading"],
  home: ["home", "guestTitle"],
  products: ["market", "title"],
} as const;
/** The pages drawn for a signed-out visitor. */
const GUEST_PAGES = ["welcome", "home"];
/** The pages the server sends as they were drawn: home and the products are drawn but not sent. */
const SERVED_PAGES = ["welcome", "login"];

/** As React writes text into HTML. */
const escaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

let build: AppBuild;
let manifest: AppBuild["manifest"];
let distDir: string;
let entryKey: string;
let entryClosure: Set<string>;

describe("web build budgets", () => {
  beforeAll(() => {
    build = readAppBuild(webDir, "@tickfair/web");
    ({ manifest, distDir } = build);
    const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
    expect(entries.map(([k]) => k)).toEqual(["index.html"]);
    entryKey = (entries[0] as [string, ManifestChunk])[0];
    expect(manifest[entryKey]?.dynamicImports).toContain(BOOT_MODULE);
    entryClosure = build.closure([entryKey, BOOT_MODULE]);
  }, 300_000);

  it("puts every script under /h5/static/js/", () => {
    for (const chunk of Object.values(manifest)) {
      if (chunk.file.endsWith(".js")) expect(chunk.file).toMatch(/^static\/js\/[^/]+\.js$/);
    }
    const html = readFileSync(join(distDir, "index.html"), "utf8");
    expect(html).toMatch(
      /<script type="module" fetchpriority="low" crossorigin src="\/h5\/static\/js\/index-[\w-]+\.js"><\/script>/,
    );
    // The app the entry starts downloads with it, not after it.
    const boot = manifest[BOOT_MODULE] as ManifestChunk;
    for (const key of build.closure([BOOT_MODULE])) {
      if (key === entryKey) continue;
      expect(html).toContain(
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/h5/${(manifest[key] as ManifestChunk).file}">`,
      );
    }
    for (const css of boot.css ?? [])
      expect(html).toContain(`<link rel="stylesheet" crossorigin href="/h5/${css}">`);
    // The shell paints from the HTML and its stylesheets: no script may be asked for before them.
    expect(html).not.toMatch(/<link rel="modulepreload"(?![^>]*fetchpriority="low")[^>]*>/);
    // One inline script, the shell's (the server's CSP allows it by its hash), with its words filled in.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toHaveLength(1);
    expect(html).not.toContain("__SHELL_CONFIG__");
    expect(html).toContain('"/pages/index/index":"home"');
  });

  it("keeps locale files in chunks of their own, none in the entry", () => {
    const appLocales = Object.keys(manifest).filter((k) => APP_LOCALE.test(k));
    expect(appLocales).toHaveLength(10);
    // A group file imported statically would be bundled into its importer: no chunk of its own.
    const groupLocales = Object.keys(manifest).filter((k) => GROUP_LOCALE.test(k));
    const localesDir = join(webDir, "src", "i18n", "locales");
    const groupDirs = readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(groupDirs.length).toBeGreaterThan(0);
    expect(groupLocales).toHaveLength(groupDirs.length * 10);
    for (const key of [...appLocales, ...groupLocales]) {
      expect((manifest[key] as ManifestChunk).isDynamicEntry, key).toBe(true);
      expect(entryClosure.has(key), key).toBe(false);
    }
    const inEntry = [...entryClosure].filter(
      (k) => APP_LOCALE.test(k) || GROUP_LOCALE.test(k) || ERROR_LOCALE.test(k),
    );
    expect(inEntry).toEqual([]);
  });

  it(`loads /h5/pages/index/index with ≤ ${kb(BUDGET.firstLoadJs)} of gzip JS before it is interactive, one locale's core texts and no group`, () => {
    const homeKeys = [...HOME_ROUTE_MODULES, ...HOME_FIRST_SCREEN_MODULES].map((src) => {
      expect(manifest[src]?.isDynamicEntry, `${src} is a lazy chunk`).toBe(true);
      return src;
    });
    // Every lazy import of home's chunks is either on its first screen (counted) or started later:
    // a new one has to be placed in one of the two lists.
    const homeOwn = [...build.closure(homeKeys)].filter((key) => !entryClosure.has(key));
    const lazyImports = homeOwn.flatMap((key) => manifest[key]?.dynamicImports ?? []);
    const placed = new Set([...HOME_FIRST_SCREEN_MODULES, ...HOME_LATER_MODULES]);
    expect(lazyImports.filter((key) => key.startsWith("src/") && !placed.has(key))).toEqual([]);
    const localeKeys = Object.keys(manifest).filter((k) => {
      const match = APP_LOCALE.exec(k) ?? ERROR_LOCALE.exec(k);
      return match?.[1] === DEFAULT_LOCALE;
    });
    const firstLoad = build.closure([entryKey, BOOT_MODULE, ...homeKeys, ...localeKeys]);
    for (const key of HOME_LATER_MODULES) expect(firstLoad.has(key), `${key} waits`).toBe(false);
    expect(firstLoad.has("src/api/realtime.ts"), "the account socket waits").toBe(false);
    const sockets = [...firstLoad].filter((key) => manifest[key]?.name === "live-socket");
    expect(sockets, "the tickers' socket waits").toEqual([]);
    const appLocalesLoaded = [...firstLoad].filter((k) => APP_LOCALE.test(k) || GROUP_LOCALE.test(k));
    expect(appLocalesLoaded).toEqual([`src/i18n/locales/${DEFAULT_LOCALE}.json`]);

    const entryBytes = build.jsSize(entryClosure);
    const total = build.jsSize(firstLoad);
    const signedOut = build.jsSize(
      build.closure([
        entryKey,
        BOOT_MODULE,
        ...homeKeys.filter((k) => !k.endsWith("HomeSavings.tsx")),
        ...localeKeys,
      ]),
    );
    console.info(
      `[budget] first load of /h5/pages/index/index: ${total} B gzip signed in, ${signedOut} B ` +
        `signed out (entry + static imports ${kb(entryBytes)}, ${firstLoad.size} chunks)`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET.firstLoadJs);
  });

  it(`keeps all CSS ≤ ${kb(BUDGET.allCss)} gzip`, () => {
    const cssDir = join(distDir, "static", "css");
    const files = existsSync(cssDir) ? readdirSync(cssDir).filter((f) => f.endsWith(".css")) : [];
    const total = files.reduce((sum, f) => sum + build.gzipSize(join("static", "css", f)), 0);
    console.info(`[budget] all CSS: ${kb(total)} gzip in ${files.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGET.allCss);
  });

  it(`keeps every other route chunk ≤ ${kb(BUDGET.routeChunk)} gzip beyond the entry`, () => {
    const routes = Object.entries(manifest).filter(
      ([key, chunk]) =>
        chunk.isDynamicEntry &&
        (key.startsWith("src/pages/") || key === "src/components/TabLayout/TabLayout.tsx") &&
        !HOME_ROUTE_MODULES.includes(key) &&
        key !== DETAIL_PAGE,
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const key of CASHIER_ROUTE_MODULES) expect(manifest[key]?.isDynamicEntry, key).toBe(true);
    const report: string[] = [];
    for (const [key] of routes) {
      const own = [...build.closure([key])].filter((k) => !entryClosure.has(k));
      const size = build.jsSize(own);
      report.push(`${key}: ${kb(size)}`);
      expect(size, key).toBeLessThanOrEqual(BUDGET.routeChunk);
    }
    console.info(`[budget] route chunks beyond the entry (gzip):\n  ${report.join("\n  ")}`);
  });

  it("loads the QR code library only where a QR code shows (a currency address, two-step sign-in)", () => {
    // Neither the entry nor any page pulls it in statically (the deposit and two-step pages included).
    lazyLibrary(build, QR_LIBRARY, ["qr-svg"]);
  });

  it(`loads the chart library lazily on the detail and Yu'ebao pages only (page ≤ ${kb(BUDGET.detailPage)}, library ≤ ${kb(BUDGET.chartLibrary)} gzip)`, () => {
    const page = manifest[DETAIL_PAGE];
    expect(page?.isDynamicEntry, DETAIL_PAGE).toBe(true);
    const chartKey = lazyLibrary(build, CHART_LIBRARY, [CHART_PANEL, SAVINGS_PAGE]);
    expect(manifest[CHART_PANEL]?.isDynamicEntry, CHART_PANEL).toBe(true);
    const pageClosure = build.closure([DETAIL_PAGE]);
    expect(pageClosure.has(CHART_PANEL), "the chart is not part of the page's own load").toBe(false);
    const pageSize = build.jsSize([...pageClosure].filter((k) => !entryClosure.has(k)));
    const chartSize = build.jsSize([...build.closure([chartKey])].filter((k) => !entryClosure.has(k)));
    const panelSize = build.jsSize(
      [...build.closure([CHART_PANEL])].filter((k) => !entryClosure.has(k) && !pageClosure.has(k)),
    );
    console.info(
      `[budget] detail page: ${pageSize} B gzip; its chart panel: ${panelSize} B; chart library: ${kb(chartSize)} gzip`,
    );
    expect(pageSize).toBeLessThanOrEqual(BUDGET.detailPage);
    expect(panelSize).toBeLessThanOrEqual(BUDGET.chartPanel);
    expect(chartSize).toBeLessThanOrEqual(BUDGET.chartLibrary);
  });

  it("loads the chart's indicators only when one is turned on", () => {
    // Imported dynamically by the chart alone: neither the page nor the chart pulls them in statically.
    const key = lazyLibrary(build, CHART_INDICATORS, [CHART_PANEL]);
    const size = build.jsSize([...build.closure([key])].filter((k) => !build.closure([CHART_PANEL]).has(k)));
    console.info(`[budget] chart indicators: ${size} B gzip`);
    expect(size).toBeLessThanOrEqual(BUDGET.chartIndicators);
  });

  it("starts the realtime socket's code after the first page, not with it", () => {
    const realtime = manifest["src/api/realtime.ts"];
    expect(realtime?.isDynamicEntry).toBe(true);
    expect(entryClosure.has("src/api/realtime.ts")).toBe(false);
  });

  it("keeps zod out of the app (contract values come only from zod-free modules)", () => {
    const withZod = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith(".js"))
      .filter((file) => /\$ZodType|ZodError/.test(readFileSync(join(distDir, file), "utf8")));
    expect(withZod).toEqual([]);
  });

  describe("the prerendered first screens (decision 0089)", () => {
    it("are listed for the server with the address each answers", () => {
      const index = JSON.parse(readFileSync(join(distDir, "prerendered", "pages.json"), "utf8"));
      expect(index).toEqual({
        cookie: "language",
        defaultLocale: "zh-CN",
        locales: [...LOCALES],
        pages: {
          "/": "welcome",
          [paths.welcome]: "welcome",
          [paths.login]: "login",
        },
        guestPages: GUEST_PAGES.filter((page) => SERVED_PAGES.includes(page)),
        signedInCookie: "signed_in",
      });
    });

    for (const [page, [group, key]] of Object.entries(PAGE_TEXT)) {
      it(`draw ${page} in every language, with no shell over it and no inline script`, () => {
        for (const locale of LOCALES) {
          const html = readFileSync(join(distDir, "prerendered", `${page}.${locale}.html`), "utf8");
          const texts = JSON.parse(
            readFileSync(join(webDir, "src", "i18n", "locales", `${locale}.json`), "utf8"),
          );
          expect(html, locale).toContain(`<html lang="${locale}">`);
          const guest = GUEST_PAGES.includes(page) ? " data-guest" : "";
          expect(html, locale).toContain(`<div id="root" data-prerendered="${locale}"${guest} inert>`);
          expect(html, locale).toContain(escaped(texts[group][key]));
          expect(html, locale).not.toContain("app-shell");
          // The server's CSP allows inline scripts by hash; these pages need none.
          expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g), locale).toBeNull();
        }
      });
    }
  });
});
