import {
  CSV_LABELS,
  FUND_RECORD_TYPES,
  FUND_RECORDS_CSV_COLUMNS,
  type FundRecord,
  type FundRecordType,
  fromMinor,
  type Locale,
} from "@tickfair/contract";
import { userAccountIds } from "../ledger";
import type { Executor } from "../platform/db";
import { newestFirstPage } from "../platform/newest-first-page";

function recordsQuery(
  db: Executor,
  accounts: { cash: bigint; savingsConfirmed: bigint },
  type: FundRecordType | undefined,
) {
  return db
    .selectFrom("ledger_entries as e")
    .innerJoin("postings as p", "p.id", "e.posting_id")
    .select(["e.id", "e.account_id", "e.amount", "e.balance_after", "e.created_at", "p.kind", "p.reference"])
    .where((eb) =>
      eb.or([
        eb("e.account_id", "=", accounts.cash),
        eb.and([eb("e.account_id", "=", accounts.savingsConfirmed), eb("p.kind", "=", "savings_income")]),
      ]),
    )
    .where("p.kind", "in", type ? [type] : [...FUND_RECORD_TYPES]);
}

/**
 * A user's fund records: every movement of their available balance, plus Yu'ebao income (which is
 * credited to savings, not cash). Each is a ledger entry, with the balance right after it.
 */
export async function listFundRecords(
  db: Executor,
  userId: bigint,
  query: { type?: FundRecordType; cursor?: string; limit: number },
) {
  const ids = await userAccountIds(db, userId);
  const accounts = { cash: ids.cash, savingsConfirmed: ids.savings_confirmed };
  return newestFirstPage(
    recordsQuery(db, accounts, query.type),
    "e.id",
    query,
    (row): FundRecord => ({
      id: String(row.id),
      type: row.kind as FundRecordType,
      amount: fromMinor(row.amount),
      balanceAfter: fromMinor(row.balance_after ?? 0n),
      balance: row.account_id === accounts.cash ? "available" : "savings",
      reference: row.reference,
      createdAt: row.created_at.toISOString(),
    }),
  );
}

const CSV_LIMIT = 50_000;

/**
 * Excel and Numbers read a file as UTF-8 only when it starts with this mark; without it Chinese or
 * Thai labels come out garbled.
 */
const UTF8_BOM = "\uFEFF";

export function csvCell(value: string): string {
  // Quote every cell, and defuse spreadsheet formulas a reference could smuggle in; a plain number
  // such as a negative amount stays a number.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * Writes an instant as the wall-clock time in `timeZone` with its offset, "2026-11-23 18:04:05 +08:00":
 * readable as the platform's local time, and still one instant wherever the file is opened.
 */
export function localTimeWithOffset(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return (at) => {
    const parts = new Map(format.formatToParts(at).map((p) => [p.type, p.value]));
    const [year, month, day, hour, minute, second] = (
      ["year", "month", "day", "hour", "minute", "second"] as const
    ).map((type) => parts.get(type) ?? "");
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
 * The user's fund records as a spreadsheet file for people: headers and labels in their language,
 * times in the platform's zone with the offset, amounts as plain decimals (negative for money out),
 * and the ledger's balance after each record, of the balance that record moved.
 */
export async function fundRecordsCsv(
  db: Executor,
  userId: bigint,
  options: { type: FundRecordType | undefined; locale: Locale; timeZone: string },
): Promise<string> {
  const page = await listFundRecords(db, userId, { type: options.type, limit: CSV_LIMIT });
  const labels = CSV_LABELS[options.locale].fundRecords;
  const time = localTimeWithOffset(options.timeZone);
  const header = FUND_RECORDS_CSV_COLUMNS.map((column) => labels.columns[column]);
  const lines = page.items.map((r) =>
    [
      time(new Date(r.createdAt)),
      labels.types[r.type],
      r.amount,
      labels.balances[r.balance],
      r.balanceAfter,
      r.reference ?? "",
      r.id,
    ].map(csvCell),
  );
  return `${UTF8_BOM}${[header.map(csvCell), ...lines].map((cells) => cells.join(",")).join("\r\n")}\r\n`;
}
