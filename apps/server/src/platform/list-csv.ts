import type { Readable } from "node:stream";
import { CSV_LABELS, type ListCsvColumn, type ListCsvLabels, type Locale } from "@tickfair/contract";
import { csvStream, localTimeWithOffset } from "./csv";

/** How a file tells a cell of a row: the words of the operator's language, and times in the platform's zone. */
export interface CellWriter {
  labels: ListCsvLabels;
  /** An ISO instant as the platform's wall clock with its offset; "" for none. */
  time: (iso: string | null) => string;
}

/** A column of a list's file: its header and how a row fills it. */
export type ListCsvColumns<R> = readonly (readonly [ListCsvColumn, (row: R, write: CellWriter) => string])[];

/**
 * A console list (a review queue, the users) as a spreadsheet file: the header in the operator's
 * language (the contract's CSV labels), then the rows in the list's order, each cell quoted and
 * formula-guarded, amounts as the decimal strings of the API, times in the platform's zone with the offset.
 */
export function listCsv<R>(
  rows: AsyncIterable<R>,
  columns: ListCsvColumns<R>,
  options: { locale: Locale; timeZone: string },
): Readable {
  const labels = CSV_LABELS[options.locale].lists;
  const wallClock = localTimeWithOffset(options.timeZone);
  const write: CellWriter = { labels, time: (iso) => (iso === null ? "" : wallClock(new Date(iso))) };
  return csvStream(
    columns.map(([column]) => labels.columns[column]),
    rows,
    (row) => columns.map(([, cell]) => cell(row, write)),
  );
}
