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

const read = (locale: string) => leaves(JSON.parse(readFileSync(join(dir, `${locale}.json`), "utf8")));

describe("locale files", () => {
  it("exist for exactly the ten locales", () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  it("have the same keys as en.json, each a non-empty string with the same {{placeholders}}", () => {
    const en = read("en");
    for (const locale of LOCALES) {
      const messages = read(locale);
      expect([...messages.keys()].sort(), locale).toEqual([...en.keys()].sort());
      for (const [key, text] of messages) {
        expect(typeof text === "string" && text.trim() !== "", `${locale}: ${key}`).toBe(true);
        const vars = (s: unknown) =>
          String(s)
            .match(/{{\s*\w+\s*}}/g)
            ?.sort() ?? [];
        expect(vars(text), `${locale}: ${key}`).toEqual(vars(en.get(key)));
      }
    }
  });
});

describe("resolveInitialLocale", () => {
  it("keeps a stored locale, maps older tags and defaults to simplified Chinese", () => {
    expect(resolveInitialLocale("en")).toBe("en");
    expect(resolveInitialLocale("th")).toBe("th");
    expect(resolveInitialLocale("zh-TW")).toBe("zh-TW");
    expect(resolveInitialLocale("en-US")).toBe("en");
    expect(resolveInitialLocale("zh-HK")).toBe("zh-TW");
    expect(resolveInitialLocale(null)).toBe("zh-CN");
    expect(resolveInitialLocale("xx")).toBe("zh-CN");
  });
});
