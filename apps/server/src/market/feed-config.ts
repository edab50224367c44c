import type { UpdateFeedSourcesRequest } from "@tickfair/contract";
import { sql } from "kysely";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { requireChainFor } from "./chain-rule";
import { EXCHANGE_SOURCE, feedSourcesBySymbol } from "./feed-sources";
import type { FeedHealth, MedianProduct } from "./median-feed";
import { findProduct } from "./service";

/** The products priced by exchanges, as the median feed needs them. */
export async function loadMedianProducts(db: Executor): Promise<MedianProduct[]> {
  const sources = await feedSourcesBySymbol(db);
  if (sources.size === 0) return [];
  const rows = await db
    .selectFrom("products")
    .select(["symbol", "price_precision", "volume_precision", "min_live_sources"])
    .where("symbol", "in", [...sources.keys()])
    .orderBy("symbol")
    .execute();
  return rows.map((row) => ({
    symbol: row.symbol,
    precision: row.price_precision,
    volumePrecision: row.volume_precision,
    sources: sources.get(row.symbol) ?? [],
    minLiveSources: row.min_live_sources,
  }));
}

/**
 * Sets the exchange markets that price a product (none: back to the simulator), how many must be
 * live, and the anomaly halt's thresholds (absent: unchanged), audited. The feed's leader picks the
 * change up within seconds; the ticks already recorded keep what priced them.
 */
export async function setFeedSources(
  db: Db,
  clock: Clock,
  operator: Operator,
  symbol: string,
  input: UpdateFeedSourcesRequest,
): Promise<void> {
  const keys = input.sources.map((source) => `${source.exchange}:${source.instrument.toUpperCase()}`);
  if (new Set(keys).size !== keys.length) throw new AppError("FEED_SOURCES_INVALID");
  if (input.sources.length > 0 && input.sources.length < input.minLiveSources) {
    throw new AppError("FEED_SOURCES_INVALID");
  }
  await db.transaction().execute(async (tx) => {
    const found = await findProduct(tx, symbol);
    const row = await tx
      .selectFrom("products")
      .select(["symbol", "min_live_sources", "halt_silent_sources", "spike_sigmas", "source_tolerance_bps"])
      .where("symbol", "=", found.symbol)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    const before = (await feedSourcesBySymbol(tx)).get(row.symbol) ?? [];
    const sourcesChanged =
      JSON.stringify(before.map((s) => `${s.exchange}:${s.instrument}`)) !== JSON.stringify(keys);
    if (input.sources.length === 0 && before.length > 0) await requireChainFor(tx, row.symbol, clock.now());
    await tx.deleteFrom("product_feed_sources").where("symbol", "=", row.symbol).execute();
    if (input.sources.length > 0) {
      await tx
        .insertInto("product_feed_sources")
        .values(
          input.sources.map((source, position) => ({
            symbol: row.symbol,
            position,
            exchange: source.exchange,
            // Binance names markets in upper case; OKX's ids are upper case too.
            instrument: source.instrument.toUpperCase(),
          })),
        )
        .execute();
    }
    await tx
      .updateTable("products")
      .set({
        source: input.sources.length > 0 ? EXCHANGE_SOURCE : "simulated",
        min_live_sources: input.minLiveSources,
        spike_sigmas: input.spikeSigmas ?? row.spike_sigmas,
        source_tolerance_bps: input.sourceToleranceBps ?? row.source_tolerance_bps,
        // Other sources price it at their own level: the spike detector's window starts again with them.
        ...(sourcesChanged ? { anomaly_window_from: clock.now() } : {}),
        // Back to the simulator: a halt for silent exchanges no longer applies, and nothing else would lift it.
        ...(input.sources.length === 0 && row.halt_silent_sources !== null
          ? { status: "open" as const, halt_silent_sources: null }
          : {}),
        updated_at: clock.now(),
      })
      .where("symbol", "=", row.symbol)
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "market.product.feed",
      targetType: "product",
      targetId: row.symbol,
      reason: input.reason,
      detail: {
        before: {
          sources: before,
          minLiveSources: row.min_live_sources,
          spikeSigmas: row.spike_sigmas,
          sourceToleranceBps: row.source_tolerance_bps,
        },
        after: {
          sources: input.sources.map((s) => ({ ...s, instrument: s.instrument.toUpperCase() })),
          minLiveSources: input.minLiveSources,
          spikeSigmas: input.spikeSigmas ?? row.spike_sigmas,
          sourceToleranceBps: input.sourceToleranceBps ?? row.source_tolerance_bps,
        },
      },
    });
  });
}

/**
 * What the median feed's health does to a product: too few live sources puts an open product into
 * maintenance until further notice, naming the silent sources; enough again lifts only a maintenance the feed
 * set itself (an operator's stays). While in maintenance no tick is recorded, so contracts across
 * the gap are voided by the usual rules.
 *
 * A feed reads its configuration every few seconds, so a report may come from one that still watches
 * sources an operator has just removed or replaced. It halts only a product that every silent source
 * still prices: otherwise a product handed back to the simulator would halt on the old feed's last
 * word, and nothing would lift it.
 */
export async function applyFeedHealth(db: Executor, now: Date, health: FeedHealth): Promise<boolean> {
  const update = db.updateTable("products").where("symbol", "=", health.symbol);
  const result = health.halted
    ? await update
        .set({
          status: "maintenance",
          reopens_at: null,
          halt_silent_sources: health.silent.join(", "),
          updated_at: now,
        })
        .where("status", "=", "open")
        .where("source", "=", EXCHANGE_SOURCE)
        .where(
          sql<boolean>`${health.silent}::text[] <@ array(
            select f.exchange || ':' || f.instrument from product_feed_sources f where f.symbol = ${health.symbol})`,
        )
        .executeTakeFirst()
    : await update
        .set({ status: "open", halt_silent_sources: null, updated_at: now })
        .where("halt_silent_sources", "is not", null)
        .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
