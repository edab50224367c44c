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
import { csvCell, localTimeWithOffset, UTF8_BOM } from "../platform/csv";
import type { Executor } from "../platform/db";
import { newestBefore } from "../platform/newest-first-page";
import { cursorId, pageOfRows } from "../platform/pagination";

const SAVINGS_KINDS: ReadonlySet<string> = new Set(["savings_in", "savings_out", "savings_income"]);

/** One account's entries of these kinds, with their posting's kind and reference and a lot's day. */
function entriesOf(db: Executor, accountId: bigint, kinds: readonly FundRecordType[]) {
  return db
    .selectFrom("ledger_entries as e")
    .innerJoin("postings as p", "p.id", "e.posting_id")
    .leftJoin("savings_lots as l", "l.posting_id", "p.id")
    .select([
      "e.id",
      "e.account_id",
      "e.amount",
      "e.balance_after",
      "e.created_at",
      "p.kind",
      "p.reference",
      "l.confirms_on",
    ])
    .where("e.account_id", "=", accountId)
    .where("p.kind", "in", kinds);
}

/**
 * A user's fund records: every movement of their available balance, plus Yu'ebao income (which is
 * credited to savings, not cash). Each is a ledger entry, with the balance right after it.
 *
 * Read as one limited range per account, newest first through `ledger_entries_account`, and merged: a
 * page costs its length. As one query with `account_id = cash or (account_id = savings and …)`, no index
 * gives that order, and the planner walked everyone's newest entries filtering for the user's (56,000
 * rows for a page on the growth bench's 90 days).
 */
export async function listFundRecords(
  db: Executor,
  userId: bigint,
  query: { type?: FundRecordType; cursor?: string; limit: number },
) {
  const ids = await userAccountIds(db, userId);
  const kinds = query.type ? [query.type] : FUND_RECORD_TYPES;
  const income = kinds.filter((kind) => kind === "savings_income");
  const page = (accountId: bigint, of: readonly FundRecordType[]) =>
    newestBefore(entriesOf(db, accountId, of), "e.id", cursorId(query.cursor), query.limit + 1).execute();
  const rows = [
    ...(await page(ids.cash, kinds)),
    ...(income.length > 0 ? await page(ids.savings_confirmed, income) : []),
  ].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return pageOfRows(
    rows.slice(0, query.limit + 1),
    query.limit,
    (row): FundRecord => ({
      id: String(row.id),
      type: row.kind as FundRecordType,
      amount: fromMinor(row.amount),
      balanceAfter: fromMinor(row.balance_after ?? 0n),
      balance: row.account_id === ids.cash ? "available" : "savings",
      // Yu'ebao postings keep a day in their reference (when shares confirm, which day income is
      // for): said as that, never shown as if it were an order number.
      reference: SAVINGS_KINDS.has(row.kind) ? null : row.reference,
      confirmsOn: row.kind === "savings_in" ? row.confirms_on : null,
      incomeDate: row.kind === "savings_income" ? row.reference : null,
      createdAt: row.created_at.toISOString(),
    }),
  );
}

const CSV_LIMIT = 50_000;

/**
 * The user's fund records as a spreadsheet file for people: headers and labels in their language,
 * times in `timeZone` with the offset (the header names the zone), amounts as plain decimals
 * (negative for money out), the ledger's balance after each record, of the balance that record
 * moved, and a Yu'ebao record's day worded as on the screen.
 */
export async function fundRecordsCsv(
  db: Executor,
  userId: bigint,
  options: { type: FundRecordType | undefined; locale: Locale; timeZone: string },
): Promise<string> {
  const page = await listFundRecords(db, userId, { type: options.type, limit: CSV_LIMIT });
  const labels = CSV_LABELS[options.locale].fundRecords;
  const time = localTimeWithOffset(options.timeZone);
  const header = FUND_RECORDS_CSV_COLUMNS.map((column) =>
    labels.columns[column].replace("{{zone}}", options.timeZone),
  );
  const note = (r: FundRecord) =>
    r.confirmsOn
      ? labels.notes.confirmsOn.replace("{{date}}", r.confirmsOn)
      : r.incomeDate
        ? labels.notes.earnedFor.replace("{{date}}", r.incomeDate)
        : "";
  const lines = page.items.map((r) =>
    [
      time(new Date(r.createdAt)),
      labels.types[r.type],
      r.amount,
      labels.balances[r.balance],
      r.balanceAfter,
      r.reference ?? "",
      note(r),
      r.id,
    ].map(csvCell),
  );
  return `${UTF8_BOM}${[header.map(csvCell), ...lines].map((cells) => cells.join(",")).join("\r\n")}\r\n`;
}
