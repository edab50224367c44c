import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { wallClockParts } from "./wall-clock";

/**
 * Spreadsheet files for people (a user's fund records, the operators' audit log): UTF-8 with the mark
 * spreadsheets need, every cell quoted, formulas defused, times as the platform's wall clock.
 */

/**
 * Excel and Numbers read a file as UTF-8 only when it starts with this mark; without it Chinese or
 * Thai labels come out garbled.
 */
export const UTF8_BOM = "\uFEFF";

export function csvCell(value: string): string {
  // Quote every cell, and defuse spreadsheet formulas a reference could smuggle in; a plain number
  // such as a negative amount stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One line of a file: its cells quoted and guarded, joined, ended with CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * Writes an instant as the wall-clock time in `timeZone` with its offset, "2026-11-23 18:04:05 +08:00":
 * readable as the platform's local time, and still one instant wherever the file is opened.
 */
export function localTimeWithOffset(timeZone: string): (at: Date) => string {
  return (at) => {
    const { year, month, day, hour, minute, second } = wallClockParts(at, timeZone);
    const wall = Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    );
    // The zone's offset at that very instant (summer time included): how far its wall clock is from UTC.
    const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
    const sign = offset < 0 ? "-" : "+";
    const minutes = Math.abs(offset);
    return `${year}-${month}-${day} ${hour}:${minute}:${second} ${sign}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
  };
}

/**
 * A file streamed: the UTF-8 mark and the header, then a line per row, sent a few hundred lines at a
 * time (fewer, larger writes than one per line).
 */
export function csvStream<R>(
  header: readonly string[],
  rows: AsyncIterable<R>,
  cells: (row: R) => readonly string[],
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(header);
    let chunk = "";
    let lines = 0;
    for await (const row of rows) {
      chunk += csvLine(cells(row));
      lines += 1;
      if (lines % 500 === 0) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk !== "") yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Answers a file for the operator to keep: never cached, its row limit in `X-Row-Limit`. */
export function sendCsv(reply: FastifyReply, file: Readable, fileName: string, maxRows: number) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "private, no-store")
    .header("x-row-limit", String(maxRows))
    .send(file);
}
