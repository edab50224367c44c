/**
 * Size budgets of the console's production build, read from dist/.vite/manifest.json.
 *
 * The sign-in route's first load = the entry chunk and its static imports, the sign-in page's chunk
 * and its static imports, and the default language's files (the console's texts and antd's, zh-CN).
 * Sizes are gzip (level 9) of each file, each file counted once. Every other page is a lazy route
 * chunk of its own, so the sign-in page never pays for tables, drawers or the menu.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type AppBuild, KB, kb, type ManifestChunk, readAppBuild } from "@tickfair/browser/build-budget";
import { beforeAll, describe, expect, it } from "vitest";

const BUDGET = { signInJs: 350 * KB };

const adminDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const SIGN_IN = "src/pages/sign-in/SignIn.tsx";
/** The lazy routes behind the sign-in: none may be in its first load. */
const SIGNED_IN_ROUTES = [
  "src/components/ConsoleLayout/ConsoleLayout.tsx",
  "src/pages/home/Home.tsx",
  "src/pages/dashboard/Dashboard.tsx",
  "src/pages/desk/Desk.tsx",
  "src/pages/risk/Risk.tsx",
  "src/pages/deposits/Deposits.tsx",
  "src/pages/withdrawals/Withdrawals.tsx",
  "src/pages/verification/Verifications.tsx",
  "src/pages/chat/Chat.tsx",
  "src/pages/savings/Savings.tsx",
  "src/pages/content/Content.tsx",
  "src/pages/broadcasts/Broadcasts.tsx",
  "src/pages/settings/Settings.tsx",
  "src/pages/operators/Operators.tsx",
  "src/pages/audit/AuditLog.tsx",
  "src/pages/not-found/NotFound.tsx",
];
const APP_LOCALE = /^src\/i18n\/locales\/([\w-]+)\.json$/;
const ANTD_DEFAULT_LOCALE = /antd\/es\/locale\/zh_CN\.js$/;
const DEFAULT_LOCALE = "zh-CN";

let build: AppBuild;
let manifest: AppBuild["manifest"];
let distDir: string;
let entryClosure: Set<string>;

describe("console build budgets", () => {
  beforeAll(() => {
    build = readAppBuild(adminDir, "@tickfair/admin");
    ({ manifest, distDir } = build);
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
    expect(entries.map(([key]) => key)).toEqual(["index.html"]);
    entryClosure = build.closure(["index.html"]);
  }, 300_000);

  it("puts every script under /admin/static/js/, none inline, each compressed beside it", () => {
    for (const chunk of Object.values(manifest)) {
      if (!chunk.file.endsWith(".js")) continue;
      expect(chunk.file).toMatch(/^static\/js\/[^/]+\.js$/);
      // Small files are not worth compressing (vite.config.ts threshold); the rest are served precompressed.
      if (statSync(join(distDir, chunk.file)).size > 1024) {
        expect(existsSync(join(distDir, `${chunk.file}.br`)), chunk.file).toBe(true);
        expect(existsSync(join(distDir, `${chunk.file}.gz`)), chunk.file).toBe(true);
      }
    }
    const html = readFileSync(join(distDir, "index.html"), "utf8");
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/admin\/static\/js\/index-[\w-]+\.js"><\/script>/,
    );
    // The server's CSP allows no inline script.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it(`loads the sign-in page with ≤ ${kb(BUDGET.signInJs)} of gzip JS and one language's texts`, () => {
    expect(manifest[SIGN_IN]?.isDynamicEntry, SIGN_IN).toBe(true);
    const localeKeys = Object.keys(manifest).filter(
      (key) => APP_LOCALE.exec(key)?.[1] === DEFAULT_LOCALE || ANTD_DEFAULT_LOCALE.test(key),
    );
    expect(localeKeys).toHaveLength(2);
    const firstLoad = build.closure(["index.html", SIGN_IN, ...localeKeys]);
    expect([...firstLoad].filter((key) => APP_LOCALE.test(key))).toEqual([
      `src/i18n/locales/${DEFAULT_LOCALE}.json`,
    ]);
    for (const route of SIGNED_IN_ROUTES) expect(firstLoad.has(route), route).toBe(false);

    const total = build.jsSize(firstLoad);
    console.info(
      `[budget] sign-in first load: ${kb(total)} gzip (entry + static imports ${kb(build.jsSize(entryClosure))})`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET.signInJs);
  });

  it("opens the live socket with the signed-in layout, not on the sign-in page", () => {
    const signInLoad = build.closure(["index.html", SIGN_IN]);
    const layoutLoad = build.closure(["src/components/ConsoleLayout/ConsoleLayout.tsx"]);
    // The socket's sign-in message, as the bundler keeps it: only the layout's chunks carry it.
    const carriesSocket = (keys: Set<string>) =>
      [...keys].some((key) =>
        readFileSync(join(distDir, (manifest[key] as ManifestChunk).file), "utf8").includes("operator.auth"),
      );
    expect(carriesSocket(signInLoad)).toBe(false);
    expect(carriesSocket(layoutLoad)).toBe(true);
  });

  it("splits every other page into a lazy route chunk of its own", () => {
    const report: string[] = [];
    for (const route of SIGNED_IN_ROUTES) {
      const chunk = manifest[route];
      expect(chunk?.isDynamicEntry, `${route} is a lazy route chunk`).toBe(true);
      expect(entryClosure.has(route), route).toBe(false);
      const own = [...build.closure([route])].filter((key) => !entryClosure.has(key));
      report.push(`${route}: ${kb(build.jsSize(own))}`);
    }
    // No page pulls another in statically: each downloads only when it is opened.
    for (const route of [SIGN_IN, ...SIGNED_IN_ROUTES]) {
      const closure = build.closure([route]);
      const others = [SIGN_IN, ...SIGNED_IN_ROUTES].filter((other) => other !== route && closure.has(other));
      expect(others, route).toEqual([]);
    }
    console.info(`[budget] route chunks beyond the entry (gzip):\n  ${report.join("\n  ")}`);
  });

  it("keeps each language's texts in a chunk of its own, none in the entry", () => {
    const locales = Object.keys(manifest).filter((key) => APP_LOCALE.test(key));
    expect(locales.sort()).toEqual(["src/i18n/locales/en.json", "src/i18n/locales/zh-CN.json"]);
    for (const key of locales) {
      expect(manifest[key]?.isDynamicEntry, key).toBe(true);
      expect(entryClosure.has(key), key).toBe(false);
    }
  });

  it("keeps zod out of the console (contract values come only from zod-free modules)", () => {
    const withZod = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith(".js"))
      .filter((file) => /\$ZodType|ZodError/.test(readFileSync(join(distDir, file), "utf8")));
    expect(withZod).toEqual([]);
  });

  it("bundles React 19 only, not the older copy at the monorepo's root", () => {
    const versions = new Set<string>();
    for (const chunk of Object.values(manifest)) {
      if (!chunk.file.endsWith(".js")) continue;
      const text = readFileSync(join(distDir, chunk.file), "utf8");
      for (const match of text.matchAll(/"(1[89]\.\d+\.\d+)"/g))
        if (text.includes("react")) versions.add(match[1] as string);
    }
    expect([...versions].every((version) => version.startsWith("19."))).toBe(true);
  });
});
