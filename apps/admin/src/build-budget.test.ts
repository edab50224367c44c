/**
 * Size budgets of the console's production build, read from dist/.vite/manifest.json.
 *
 * The sign-in route's first load = the entry chunk and its static imports, the sign-in page's chunk
 * and its static imports, and the default language's files (the console's texts and antd's, zh-CN).
 * Sizes are gzip (level 9) of each file, each file counted once. Every other page is a lazy route
 * chunk of its own, so the sign-in page never pays for tables, drawers or the menu.
 */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";

const KB = 1024;
const BUDGET = { signInJs: 350 * KB };

const adminDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const distDir = join(adminDir, "dist");
const manifestPath = join(distDir, ".vite", "manifest.json");

const SIGN_IN = "src/pages/sign-in/SignIn.tsx";
/** The lazy routes behind the sign-in: none may be in its first load. */
const SIGNED_IN_ROUTES = [
  "src/components/ConsoleLayout/ConsoleLayout.tsx",
  "src/pages/home/Home.tsx",
  "src/pages/dashboard/Dashboard.tsx",
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

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function ensureBuild(): void {
  const built = existsSync(manifestPath) ? statSync(manifestPath).mtimeMs : 0;
  const stale =
    newestMtime(join(adminDir, "src")) > built ||
    statSync(join(adminDir, "vite.config.ts")).mtimeMs > built ||
    statSync(join(adminDir, "index.html")).mtimeMs > built;
  if (stale) {
    // Vitest sets NODE_ENV=test, which would give React's development build: build for production.
    execSync("npm run build -w @tickfair/admin", {
      cwd: resolve(adminDir, "../.."),
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The manifest keys of `keys` and of every chunk they import statically. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

const jsSize = (manifest: Manifest, keys: Iterable<string>): number =>
  [...new Set([...keys].map((k) => (manifest[k] as ManifestChunk).file))]
    .filter((file) => file.endsWith(".js"))
    .reduce((sum, file) => sum + gzipSize(file), 0);

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

let manifest: Manifest;
let entryClosure: Set<string>;

describe("console build budgets", () => {
  beforeAll(() => {
    ensureBuild();
    manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
    expect(entries.map(([key]) => key)).toEqual(["index.html"]);
    entryClosure = staticClosure(manifest, ["index.html"]);
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
    const firstLoad = staticClosure(manifest, ["index.html", SIGN_IN, ...localeKeys]);
    expect([...firstLoad].filter((key) => APP_LOCALE.test(key))).toEqual([
      `src/i18n/locales/${DEFAULT_LOCALE}.json`,
    ]);
    for (const route of SIGNED_IN_ROUTES) expect(firstLoad.has(route), route).toBe(false);

    const total = jsSize(manifest, firstLoad);
    console.info(
      `[budget] sign-in first load: ${kb(total)} gzip (entry + static imports ${kb(jsSize(manifest, entryClosure))})`,
    );
    expect(total).toBeLessThanOrEqual(BUDGET.signInJs);
  });

  it("opens the live socket with the signed-in layout, not on the sign-in page", () => {
    const signInLoad = staticClosure(manifest, ["index.html", SIGN_IN]);
    const layoutLoad = staticClosure(manifest, ["src/components/ConsoleLayout/ConsoleLayout.tsx"]);
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
      const own = [...staticClosure(manifest, [route])].filter((key) => !entryClosure.has(key));
      report.push(`${route}: ${kb(jsSize(manifest, own))}`);
    }
    // No page pulls another in statically: each downloads only when it is opened.
    for (const route of [SIGN_IN, ...SIGNED_IN_ROUTES]) {
      const closure = staticClosure(manifest, [route]);
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
