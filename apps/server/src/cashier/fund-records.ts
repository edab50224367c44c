import { FUND_RECORD_TYPES, type FundRecord, type FundRecordType, fromMinor } from "@tickfair/contract";
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

function csvCell(value: string): string {
  // Quote every cell, and defuse spreadsheet formulas a reference could smuggle in.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export async function fundRecordsCsv(
  db: Executor,
  userId: bigint,
  type: FundRecordType | undefined,
): Promise<string> {
  const page = await listFundRecords(db, userId, { type, limit: CSV_LIMIT });
  const header = ["time", "type", "amount", "balance", "balance_after", "reference", "id"];
  const lines = page.items.map((r) =>
    [r.createdAt, r.type, r.amount, r.balance, r.balanceAfter, r.reference ?? "", r.id]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
