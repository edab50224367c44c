import { fromMinor, type ProductDuration, type ProductTermsHistory } from "@tickfair/contract";
import type { Executor } from "../platform/db";

/** What a version of a product's terms fixes: durations with their rates, by seconds, and stake limits. */
export interface TermsTable {
  durations: readonly ProductDuration[];
  minStake: bigint;
  maxStake: bigint;
}

/** Whether two tables offer the same durations at the same rates within the same stake limits. */
export function sameTerms(a: TermsTable, b: TermsTable): boolean {
  return (
    a.minStake === b.minStake &&
    a.maxStake === b.maxStake &&
    a.durations.length === b.durations.length &&
    a.durations.every(
      (d, i) => d.seconds === b.durations[i]?.seconds && d.payoutRateBps === b.durations[i]?.payoutRateBps,
    )
  );
}

/**
 * Stores a version of a product's terms. Called in the transaction that makes the version current:
 * the database checks at commit that the product's current version has its row (migration 0036).
 */
export async function recordTerms(
  m: Executor,
  symbol: string,
  version: number,
  effectiveFrom: Date,
  table: TermsTable,
): Promise<void> {
  await m
    .insertInto("product_terms")
    .values({
      symbol,
      version,
      effective_from: effectiveFrom,
      durations: JSON.stringify(
        table.durations.map((d) => ({ seconds: d.seconds, payoutRateBps: d.payoutRateBps })),
      ),
      min_stake: table.minStake,
      max_stake: table.maxStake,
    })
    .execute();
}

/** Every version of a product's terms (its stored symbol), newest first. */
export async function termsVersions(db: Executor, symbol: string): Promise<ProductTermsHistory> {
  const rows = await db
    .selectFrom("product_terms")
    .selectAll()
    .where("symbol", "=", symbol)
    .orderBy("version", "desc")
    .execute();
  return {
    symbol,
    items: rows.map((row) => ({
      version: row.version,
      effectiveFrom: row.effective_from.toISOString(),
      durations: row.durations,
      minStake: fromMinor(row.min_stake),
      maxStake: fromMinor(row.max_stake),
      reconstructed: row.reconstructed,
    })),
  };
}
