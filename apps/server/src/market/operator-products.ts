import {
  feedAnomaly,
  type Locale,
  type OperatorChainVerification,
  type OperatorProduct,
} from "@tickfair/contract";
import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { feedSourcesBySymbol } from "./feed-sources";
import { MAX_TICK_SPAN_MS } from "./product-ticks";
import { durationsOf, findProduct, productNow } from "./service";
import { ArchiveMismatch } from "./tick-archive-file";
import { archivedTicks } from "./tick-archives";
import { verifyChain } from "./tick-chain-check";

/** The most ticks one operator verification re-hashes: a day of one tick a second, with room. */
export const MAX_OPERATOR_VERIFY_TICKS = 100_000n;

/** Every product with what operators set and what follows from it now, in display order. */
export async function operatorProducts(db: Executor, now: Date, locale: Locale): Promise<OperatorProduct[]> {
  const m = db;
  const rows = await m
    .selectFrom("products as p")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("ticks as t")
          .select(["t.seq as head_seq", "t.time as head_time"])
          .whereRef("t.symbol", "=", "p.symbol")
          .orderBy("t.seq", "desc")
          .limit(1)
          .as("head"),
      (join) => join.onTrue(),
    )
    .leftJoin("feed_anomalies as a", "a.id", "p.halt_anomaly_id")
    .selectAll("p")
    .select(["head.head_seq", "head.head_time", "a.detail as halt_anomaly"])
    .orderBy("p.sort_order")
    .orderBy("p.symbol")
    .execute();
  const [durations, feedSources] = await Promise.all([
    durationsOf(
      m,
      rows.map((row) => row.symbol),
    ),
    feedSourcesBySymbol(m),
  ]);
  return rows.map((row) => ({
    ...productNow(row, durations.get(row.symbol) ?? [], locale, now),
    setStatus: row.status,
    payoutTableVersion: row.payout_table_version,
    maintenanceUntil: row.reopens_at?.toISOString() ?? null,
    schedule: row.schedule,
    feedSources: feedSources.get(row.symbol) ?? [],
    minLiveSources: row.min_live_sources,
    haltSilentSources: row.halt_silent_sources?.split(", ") ?? null,
    haltAnomaly: row.halt_anomaly ? feedAnomaly.parse(row.halt_anomaly) : null,
    spikeSigmas: row.spike_sigmas,
    sourceToleranceBps: row.source_tolerance_bps,
    lastTick:
      row.head_seq !== null && row.head_time !== null
        ? { seq: String(row.head_seq), time: row.head_time.toISOString() }
        : null,
    updatedAt: row.updated_at.toISOString(),
  }));
}

/**
 * Verifies a product's chain over the ticks recorded in [from, to] (at most 24 hours and
 * MAX_OPERATOR_VERIFY_TICKS ticks): the range's ends are found through the time index of its months,
 * and in the archive files whose times overlap it (decision 0084), then every tick from the first to
 * the last is re-hashed and linked, the first to the tick before it.
 */
export async function verifyProductRange(
  db: Executor,
  symbol: string,
  range: { from: string; to: string },
  archives?: BlobStore,
): Promise<OperatorChainVerification> {
  const product = await findProduct(db, symbol);
  const from = new Date(range.from);
  const to = new Date(range.to);
  if (from > to) throw new AppError("RANGE_INVALID");
  if (to.getTime() - from.getTime() > MAX_TICK_SPAN_MS) throw new AppError("RANGE_TOO_LARGE");
  const ends = db
    .selectFrom("ticks")
    .select("seq")
    .where("symbol", "=", product.symbol)
    .where("time", ">=", from)
    .where("time", "<=", to)
    .limit(1);
  const [live, newest, archived] = await Promise.all([
    ends.orderBy("time").orderBy("seq").executeTakeFirst(),
    ends.orderBy("time", "desc").orderBy("seq", "desc").executeTakeFirst(),
    archives ? archivedEnds(db, archives, product.symbol, from, to) : null,
  ]);
  const first = archived?.first ?? live?.seq;
  const last = newest?.seq ?? archived?.last;
  const answer = { symbol: product.symbol, from: from.toISOString(), to: to.toISOString() };
  if (first === undefined || last === undefined) {
    return { ...answer, fromSeq: null, toSeq: null, checked: 0, valid: true, firstBrokenSeq: null };
  }
  if (last - first + 1n > MAX_OPERATOR_VERIFY_TICKS) throw new AppError("RANGE_TOO_LARGE");
  const check = await verifyChain(db, product.symbol, first, last, archives);
  // A chain that ends before the range's last tick lacks a tick in between: that seq is broken.
  const short = check.valid && check.toSeq < last;
  return {
    ...answer,
    fromSeq: String(first),
    toSeq: String(short ? check.toSeq + 1n : check.toSeq),
    checked: check.checked,
    valid: check.valid && !short,
    firstBrokenSeq: short ? String(check.toSeq + 1n) : (check.firstMismatchSeq?.toString() ?? null),
  };
}

/**
 * The first and last archived seqs recorded in [from, to], read from the files whose times overlap
 * it; a file that does not verify is not read here (verifyChain then reports it) and its first seq
 * stands in for the first end.
 */
async function archivedEnds(
  db: Executor,
  archives: BlobStore,
  symbol: string,
  from: Date,
  to: Date,
): Promise<{ first: bigint; last: bigint } | null> {
  const files = await db
    .selectFrom("tick_archives")
    .select(["first_seq", "last_seq"])
    .where("symbol", "=", symbol)
    .where("last_time", ">=", from)
    .where("first_time", "<=", to)
    .orderBy("first_seq")
    .execute();
  const [earliest, latest] = [files[0], files.at(-1)];
  if (!earliest || !latest) return null;
  try {
    const ticks = (await archivedTicks(db, archives, symbol, earliest.first_seq, latest.last_seq)).filter(
      (tick) => tick.time >= from && tick.time <= to,
    );
    const [first, last] = [ticks[0], ticks.at(-1)];
    return first && last ? { first: first.seq, last: last.seq } : null;
  } catch (error) {
    if (error instanceof ArchiveMismatch) return { first: earliest.first_seq, last: latest.last_seq };
    throw error;
  }
}
