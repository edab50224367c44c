import { expect } from "vitest";
import type { TestContext } from "./harness";

/**
 * The fund records CSV download: called with the signed-in user `auth`, in the language `acceptLanguage`
 * names, with `query` appended to the URL.
 */
export const fundRecordsCsv =
  (t: TestContext) =>
  (auth: Record<string, string>, acceptLanguage?: string, query = "") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/cashier/fund-records.csv${query}`,
      headers: { ...auth, ...(acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage }) },
    });

/** The file's rows, header first, each cell unquoted; every cell is quoted, so a cell is "…" with "" for ". */
export function csvRows(body: string): string[][] {
  expect(body.startsWith("\uFEFF")).toBe(true);
  return body
    .slice(1)
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => {
      const cells = [...line.matchAll(/"((?:[^"]|"")*)"(,|$)/g)].map((m) => (m[1] ?? "").replace(/""/g, '"'));
      expect(cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(","), "every cell quoted").toBe(line);
      return cells;
    });
}
