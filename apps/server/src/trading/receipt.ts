import { type ContractReceipt, MAX_DURATION_SECONDS } from "@tickfair/contract";
import { citationsOf, formatScaled, receiptCommitment, ticksOfSpan } from "../market";
import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { toContract } from "./contract-reads";

/**
 * The most ticks one receipt carries: a contract of the longest duration an operator may offer (a
 * day) at the default one tick a second, entry and exit included. A receipt is one file that verifies
 * offline, so it is never paged (a page would not verify alone); at about 250 bytes a tick this bounds
 * it near 22 MB. Only a feed faster than a tick a second (FEED_INTERVAL_MS) with a long duration goes
 * past it: that contract is refused a receipt (RECEIPT_TOO_LARGE), and its epochs verify one by one
 * from the public pages (`npm run verify -- epoch`).
 */
export const MAX_RECEIPT_TICKS = MAX_DURATION_SECONDS + 1;

/**
 * A closed contract of the user's as a receipt that verifies offline: every tick from its entry to its
 * exit (to expiry when void without an exit), the ledger postings that moved its money, and where its
 * prices came from — the commitment of every chain a synthetic product's ticks fall in, with the
 * seeds revealed by `now`. Another user's contract is not found; an open one has no receipt yet; one
 * with more than `maxTicks` ticks (MAX_RECEIPT_TICKS) gets none.
 */
export async function contractReceipt(
  db: Executor,
  archives: BlobStore,
  userId: bigint,
  id: bigint,
  now: Date,
  maxTicks = MAX_RECEIPT_TICKS,
): Promise<ContractReceipt> {
  const row = await db
    .selectFrom("contracts as c")
    .innerJoin("products as p", "p.symbol", "c.symbol")
    .selectAll("c")
    .select("p.price_precision")
    .where("c.user_id", "=", userId)
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  const { result, payout, profit, ...contract } = toContract(row, row.price_precision);
  if (result === null || payout === null || profit === null) throw new AppError("CONTRACT_OPEN");
  const ticks =
    row.entry_seq === null
      ? []
      : await ticksOfSpan(db, archives, row.symbol, {
          fromSeq: row.entry_seq,
          toSeq: row.exit_seq,
          since: row.entry_time,
          until: row.expiry_at,
          // One more than the bound tells it apart from a receipt exactly at it, without reading on.
          limit: maxTicks + 1,
        });
  if (ticks.length > maxTicks) throw new AppError("RECEIPT_TOO_LARGE");
  const first = ticks[0];
  const last = ticks.at(-1);
  const fairness = first && last ? await receiptCommitment(db, row.symbol, first.time, last.time, now) : null;
  const citations = await citationsOf(
    db,
    row.symbol,
    ticks.map((tick) => tick.seq),
  );
  const postings = [row.stake_posting_id, row.settle_posting_id].flatMap((p) =>
    p === null ? [] : [p.toString()],
  );
  return {
    version: 2,
    contract: {
      id: contract.id,
      orderNo: contract.orderNo,
      symbol: contract.symbol,
      direction: contract.direction,
      stake: contract.stake,
      durationSeconds: contract.durationSeconds,
      payoutRateBps: contract.payoutRateBps,
      payoutTableVersion: row.payout_table_version,
      acceptedAt: contract.acceptedAt,
      expiresAt: contract.expiresAt,
      entry: contract.entry,
      exit: contract.exit,
      result,
      payout,
      profit,
    },
    ticks: ticks.map((tick) => ({
      seq: tick.seq.toString(),
      time: tick.time.toISOString(),
      price: formatScaled(tick.price, row.price_precision),
      prevHash: tick.prevHash,
      hash: tick.hash,
    })),
    postings,
    fairness,
    // A real feed's ticks cite the trades they were priced from; a synthetic product's cite none.
    sources:
      citations.size === 0
        ? null
        : ticks.map((tick) => ({
            seq: tick.seq.toString(),
            trades: (citations.get(tick.seq) ?? []).map((trade) => ({
              exchange: trade.exchange,
              tradeId: trade.tradeId,
              price: trade.price,
              time: trade.time.toISOString(),
            })),
          })),
  };
}
