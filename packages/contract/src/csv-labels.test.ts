import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FUND_RECORD_TYPES } from "./cashier-constants";
import {
  CSV_LABELS,
  FUND_RECORDS_CSV_COLUMNS,
  LIST_CSV_COLUMN_KEYS,
  LIST_CSV_VALUE_KEYS,
} from "./csv-labels";
import { LOCALES } from "./locales";

const CSV_DIR = new URL("../locales/csv/", import.meta.url);
// The file must word things as the screen the user exported it from does.
const WEB_DIR = new URL("../../../apps/web/src/i18n/locales/", import.meta.url);
const readJson = (url: URL): Record<string, Record<string, Record<string, unknown>>> =>
  JSON.parse(readFileSync(url, "utf8"));

describe("CSV label files", () => {
  it("exist for exactly the supported locales", () => {
    const files = readdirSync(CSV_DIR).filter((f) => f.endsWith(".json"));
    expect(files.map((f) => f.replace(/\.json$/, "")).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("%s names every column, balance and record type, and nothing else", (locale) => {
    const { fundRecords, lists } = readJson(new URL(`${locale}.json`, CSV_DIR));
    expect(Object.keys(fundRecords ?? {}).sort()).toEqual(["balances", "columns", "notes", "types"]);
    const expected = {
      columns: FUND_RECORDS_CSV_COLUMNS,
      balances: ["available", "savings"],
      types: FUND_RECORD_TYPES,
      notes: ["confirmsOn", "earnedFor"],
    };
    for (const [group, keys] of Object.entries(expected)) {
      const labels = (fundRecords?.[group] ?? {}) as Record<string, unknown>;
      expect(Object.keys(labels).sort(), `${locale}.${group}`).toEqual([...keys].sort());
      for (const key of keys) {
        const label = labels[key];
        expect(typeof label === "string" && label.trim() !== "", `${locale}.${group}.${key}`).toBe(true);
      }
    }
    expect(CSV_LABELS[locale]).toEqual({ fundRecords, lists });
  });

  it.each(LOCALES)("%s names every header and value of the console lists' files", (locale) => {
    const { lists } = CSV_LABELS[locale];
    for (const [group, keys] of [
      ["columns", LIST_CSV_COLUMN_KEYS],
      ["values", LIST_CSV_VALUE_KEYS],
    ] as const) {
      const labels: Record<string, string> = lists[group];
      expect(Object.keys(labels).sort(), `${locale}.lists.${group}`).toEqual([...keys].sort());
      for (const key of keys) expect(labels[key]?.trim(), `${locale}.lists.${group}.${key}`).toBeTruthy();
    }
    const headers = Object.values(lists.columns);
    expect(new Set(headers).size, `${locale}: distinct headers`).toBe(headers.length);
  });

  it.each(LOCALES)("%s words types, balances and the reference as the fund-records screen", (locale) => {
    const screen = readJson(new URL(`${locale}.json`, WEB_DIR));
    const records = readJson(new URL(`records/${locale}.json`, WEB_DIR)).records ?? {};
    const labels = CSV_LABELS[locale].fundRecords;
    expect(labels.types).toEqual(screen.cashier?.fundType);
    expect(labels.balances).toEqual({
      available: String(records.balanceAfter).replace(" {{amount}}", ""),
      savings: String(records.balanceSavings).replace(" {{amount}}", ""),
    });
    expect(labels.columns.reference).toBe(records.reference);
    expect(labels.notes).toEqual({ confirmsOn: records.confirmsOn, earnedFor: records.earnedFor });
    // The time column names the zone its times are in, as the screen does beside the export.
    expect(labels.columns.time).toContain("{{zone}}");
    expect(records.timeZone).toContain("{{zone}}");
  });

  it.each(LOCALES)("%s gives each column a distinct header", (locale) => {
    const headers = Object.values(CSV_LABELS[locale].fundRecords.columns);
    expect(new Set(headers).size).toBe(headers.length);
  });
});
