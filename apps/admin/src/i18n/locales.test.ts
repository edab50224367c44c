import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AUDIT_ACTIONS, AUDIT_TARGETS } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { CONSOLE_LOCALES } from "./language";

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree =>
  JSON.parse(readFileSync(join(import.meta.dirname, "locales", `${locale}.json`), "utf8")) as Tree;

/** Every text's dotted key with its value. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the console's texts", () => {
  const english = flatten(load("en"));

  for (const locale of CONSOLE_LOCALES) {
    it(`has every text in ${locale}, none empty, with the same placeholders`, () => {
      const texts = flatten(load(locale));
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of texts) {
        expect(text.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key) ?? ""));
      }
    });
  }
});

describe("the audit log's names", () => {
  const keysUnder = (texts: Map<string, string>, group: string) =>
    [...texts.keys()].filter((key) => key.startsWith(`${group}.`)).map((key) => key.slice(group.length + 1));

  for (const locale of CONSOLE_LOCALES) {
    // The server can only record the codes in these lists (its audit input is typed by them), so a
    // name missing here is a raw code on the console's audit page.
    it(`names every action and record type the server records, and no other, in ${locale}`, () => {
      const texts = flatten(load(locale));
      expect(keysUnder(texts, "auditActions").sort()).toEqual([...AUDIT_ACTIONS].sort());
      expect(keysUnder(texts, "auditTargets").sort()).toEqual([...AUDIT_TARGETS].sort());
    });
  }
});
