import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCALES } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { resolveInitialLocale } from "./language";

const dir = join(dirname(fileURLToPath(import.meta.url)), "locales");

/** "a.b.c" for every string leaf. */
function leaves(value: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** The groups of texts loaded with lazily loaded screens, each a directory of locales/. */
const groups = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Where the locale files are under locales/: the core's, <lng>.json, and each group's, <group>/<lng>.json. */
const parts = ["", ...groups.map((group) => `${group}/`)];

const parse = (part: string, locale: string): unknown =>
  JSON.parse(readFileSync(join(dir, `${part}${locale}.json`), "utf8"));

/** English's plural forms are `_one` and `_other`; the key of the other form of a `_one` key. */
const pluralOther = (key: string) => key.replace(/_one$/, "_other");

/**
 * English's keys as `locale` has them: a plural (`x_one`, `x_other`) keeps `_one` only where the
 * language has a singular form (Chinese, Japanese, Korean, Thai, Vietnamese and Indonesian use one
 * form for every count). French's "many" (for millions) is left to `_other`: no count here reaches it.
 */
function expectedKeys(en: Map<string, unknown>, locale: string): string[] {
  const hasOne = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.includes("one");
  return [...en.keys()].filter((key) => hasOne || !(key.endsWith("_one") && en.has(pluralOther(key)))).sort();
}

describe("locale files", () => {
  it("exist for exactly the ten locales, in the core and in each group", () => {
    expect(groups.length).toBeGreaterThan(0);
    for (const part of parts) {
      const files = readdirSync(join(dir, part))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.replace(/\.json$/, ""));
      expect(files.sort(), `locales/${part}`).toEqual([...LOCALES].sort());
    }
  });

  it("hold each group in its own files only, under its name", () => {
    for (const locale of LOCALES) {
      const core = Object.keys(parse("", locale) as object);
      for (const group of groups) {
        expect(core, `${locale}: ${group}`).not.toContain(group);
        expect(Object.keys(parse(`${group}/`, locale) as object), `${locale}: ${group}`).toEqual([group]);
      }
    }
  });

  it("have the same keys as en.json, each a non-empty string with the same {{placeholders}}", () => {
    for (const part of parts) {
      const en = leaves(parse(part, "en"));
      for (const locale of LOCALES) {
        const messages = leaves(parse(part, locale));
        const file = `${part}${locale}.json`;
        expect([...messages.keys()].sort(), file).toEqual(expectedKeys(en, locale));
        for (const [key, text] of messages) {
          expect(typeof text === "string" && text.trim() !== "", `${file}: ${key}`).toBe(true);
          const vars = (s: unknown) =>
            String(s)
              .match(/{{\s*\w+\s*}}/g)
              ?.sort() ?? [];
          expect(vars(text), `${file}: ${key}`).toEqual(vars(en.get(key) ?? en.get(pluralOther(key))));
        }
      }
    }
  });
});

describe("resolveInitialLocale", () => {
  it("keeps a stored locale, maps older tags and defaults to simplified Chinese", () => {
    const resolved = { en: "en", th: "th", "zh-TW": "zh-TW", "en-US": "en", "zh-HK": "zh-TW", xx: "zh-CN" };
    for (const [stored, locale] of Object.entries(resolved))
      expect(resolveInitialLocale(stored), stored).toBe(locale);
    expect(resolveInitialLocale(null)).toBe("zh-CN");
  });
});
