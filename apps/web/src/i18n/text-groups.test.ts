/**
 * Every screen has its texts once it renders. Read from the sources (no browser): the groups of texts a
 * page's code uses (its module and all it imports, lazily loaded parts included) beyond the core file
 * must be exactly those its route in routes.tsx loads with it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const localesDir = join(srcDir, "i18n", "locales");
const routesPath = join(srcDir, "routes.tsx");

const coreGroups = Object.keys(JSON.parse(readFileSync(join(localesDir, "en.json"), "utf8")) as object);
const lazyGroups = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * A quoted key of any group, as in t("orders.title"), t(`cashier.status.${status}`) or label: "home.deposit";
 * not a socket message's type (type: "chat.follow", case "chat.changed"), which names no text.
 */
const KEY = new RegExp(
  `(?<!type: |type === |case )["'\`](${[...coreGroups, ...lazyGroups].join("|")})\\.[A-Za-z]`,
  "g",
);
const STATIC_IMPORT = /\bfrom\s+"([^"]+)"/g;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;
/** A route's page: page(() => import("./pages/..."), ["group", ...]). */
const PAGE = /\bpage\(\s*\(\) => import\("([^"]+)"\),?\s*(?:\[([^\]]*)\],?\s*)?\)/g;

/** The app's source file a relative import names, if it is code. */
function sourceFile(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base].find(
    (file) => /\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile(),
  );
}

/** The groups of texts used by `entry` and all it imports (with `lazily`, also what it imports lazily). */
function groupsUsedBy(entry: string, lazily: boolean): Set<string> {
  const used = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const [, group] of code.matchAll(KEY)) used.add(group as string);
    const imports = [...code.matchAll(STATIC_IMPORT), ...(lazily ? code.matchAll(DYNAMIC_IMPORT) : [])];
    for (const [, specifier] of imports) {
      const dependency = sourceFile(file, specifier as string);
      if (dependency) stack.push(dependency);
    }
  }
  return used;
}

const beyondCore = (groups: Iterable<string>) => [...groups].filter((g) => !coreGroups.includes(g)).sort();

describe("text groups", () => {
  const router = readFileSync(routesPath, "utf8");
  const pages = [...router.matchAll(PAGE)].map(([, specifier, groups]) => ({
    module: sourceFile(routesPath, specifier as string),
    groups: [...(groups ?? "").matchAll(/"(\w+)"/g)].map(([, group]) => group as string),
  }));

  it("are each loaded by some page of routes.tsx", () => {
    expect(pages).toHaveLength(router.match(/\bpage\(/g)?.length ?? 0);
    expect(beyondCore(pages.flatMap((page) => page.groups))).toEqual(expect.arrayContaining(lazyGroups));
  });

  it("leave the shell (main.tsx and all it imports at once) with core texts only", () => {
    expect(beyondCore(groupsUsedBy(join(srcDir, "main.tsx"), false))).toEqual([]);
  });

  it("are loaded with each page: exactly the groups it uses beyond the core", () => {
    for (const page of pages) {
      expect(page.module, "page module").toBeDefined();
      const module = page.module as string;
      expect([...page.groups].sort(), module).toEqual(beyondCore(groupsUsedBy(module, true)));
    }
  });
});
