import { readFileSync } from "node:fs";
import { join } from "node:path";
import { POSTING_KINDS } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { CONSOLE_LOCALES } from "../../i18n/language";

const entryKindsOf = (locale: string): Record<string, string> => {
  const file = join(import.meta.dirname, "../../i18n/locales", `${locale}.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { users: { entryKinds: Record<string, string> } }).users
    .entryKinds;
};

describe("the ledger entries' kinds in the console", () => {
  for (const locale of CONSOLE_LOCALES) {
    it(`names every kind the ledger writes in ${locale}, and nothing else`, () => {
      const labels = entryKindsOf(locale);
      expect(Object.keys(labels).sort()).toEqual([...POSTING_KINDS].sort());
      for (const kind of POSTING_KINDS) {
        expect(labels[kind]?.trim(), `${locale} ${kind}`).toBeTruthy();
        expect(labels[kind], `${locale} ${kind}`).not.toBe(kind);
      }
    });
  }
});
