import { toHex } from "@tickfair/verify";
import type { Selectable } from "kysely";
import type { Executor } from "../platform/db";
import { type Chain, type ChainProduct, epochEndsAt, epochStartsAt, type Prices } from "./fairness-chain";
import type { ChainProductRecord, FairnessChainsTable } from "./schema";

function toChain(row: Omit<Selectable<FairnessChainsTable>, "created_at">): Chain {
  return {
    id: row.id,
    anchor: row.anchor,
    algorithm: row.algorithm,
    epochMs: row.epoch_ms,
    tickMs: row.tick_ms,
    startsAt: row.starts_at.getTime(),
    length: row.chain_length,
    products: row.products.map((product) => ({
      symbol: product.symbol,
      precision: product.precision,
      volumePrecision: product.volumePrecision,
      stepVolatilityPpm: product.stepVolatilityPpm,
      meanVolume: BigInt(product.meanVolume),
      openingPrice: product.openingPrice === null ? null : BigInt(product.openingPrice),
    })),
  };
}

/** Every recorded chain, oldest first. */
export async function readChains(m: Executor): Promise<Chain[]> {
  const rows = await m.selectFrom("fairness_chains").selectAll().orderBy("starts_at").execute();
  return rows.map(toChain);
}

/** The chain playing at `at` (the latest started), or null before the first. */
export const chainAt = (chains: readonly Chain[], at: number): Chain | null =>
  chains.findLast((chain) => chain.startsAt <= at) ?? null;

export async function recordChain(m: Executor, chain: Omit<Chain, "id">): Promise<Chain> {
  const products: ChainProductRecord[] = chain.products.map((product: ChainProduct) => ({
    symbol: product.symbol,
    precision: product.precision,
    volumePrecision: product.volumePrecision,
    stepVolatilityPpm: product.stepVolatilityPpm,
    meanVolume: product.meanVolume.toString(),
    openingPrice: product.openingPrice?.toString() ?? null,
  }));
  const row = await m
    .insertInto("fairness_chains")
    .values({
      anchor: chain.anchor,
      algorithm: chain.algorithm,
      epoch_ms: chain.epochMs,
      tick_ms: chain.tickMs,
      starts_at: new Date(chain.startsAt),
      chain_length: chain.length,
      products: JSON.stringify(products),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChain(row);
}

const toPrices = (openings: Record<string, string>): Prices =>
  new Map(Object.entries(openings).map(([symbol, price]) => [symbol, BigInt(price)]));

/** The latest recorded epoch of the chain at or before `index`: where rolling forward starts. */
export async function latestEpoch(
  m: Executor,
  chain: Chain,
  index: number,
): Promise<{ index: number; openings: Prices } | null> {
  const row = await m
    .selectFrom("fairness_epochs")
    .select(["epoch_index", "openings"])
    .where("chain_id", "=", chain.id)
    .where("epoch_index", "<=", index)
    .orderBy("epoch_index", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { index: row.epoch_index, openings: toPrices(row.openings) } : null;
}

/** Whether any epoch of the chain has begun (a successor has none until its predecessor ends). */
export async function hasEpochs(m: Executor, chain: Chain): Promise<boolean> {
  const row = await m
    .selectFrom("fairness_epochs")
    .select("epoch_index")
    .where("chain_id", "=", chain.id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Epoch 1's openings of the chain, once it has begun. */
export async function firstOpenings(m: Executor, chain: Chain): Promise<Prices | null> {
  const row = await m
    .selectFrom("fairness_epochs")
    .select("openings")
    .where("chain_id", "=", chain.id)
    .where("epoch_index", "=", 1)
    .executeTakeFirst();
  return row ? toPrices(row.openings) : null;
}

/** Records that epoch `index` has begun, with its openings; a second call for it changes nothing. */
export async function recordEpoch(m: Executor, chain: Chain, index: number, openings: Prices): Promise<void> {
  await m
    .insertInto("fairness_epochs")
    .values({
      chain_id: chain.id,
      epoch_index: index,
      starts_at: new Date(epochStartsAt(chain, index)),
      ends_at: new Date(epochEndsAt(chain, index)),
      openings: JSON.stringify(Object.fromEntries([...openings].map(([s, p]) => [s, p.toString()]))),
    })
    .onConflict((conflict) => conflict.columns(["chain_id", "epoch_index"]).doNothing())
    .execute();
}

/**
 * Writes the seed of every recorded epoch of the chain that has ended by `now` and has none yet,
 * oldest first (the database checks each leads down to the anchor). An epoch that has not ended is
 * never touched, whatever the caller asks.
 */
export async function revealSeeds(
  m: Executor,
  chain: Chain,
  seeds: readonly Uint8Array[],
  now: Date,
): Promise<number[]> {
  const due = await m
    .selectFrom("fairness_epochs")
    .select("epoch_index")
    .where("chain_id", "=", chain.id)
    .where("seed", "is", null)
    .where("ends_at", "<=", now)
    .orderBy("epoch_index")
    .execute();
  const revealed: number[] = [];
  for (const { epoch_index: index } of due) {
    const seed = seeds[index];
    if (!seed || epochEndsAt(chain, index) > now.getTime()) continue;
    await m
      .updateTable("fairness_epochs")
      .set({ seed: toHex(seed) })
      .where("chain_id", "=", chain.id)
      .where("epoch_index", "=", index)
      .where("seed", "is", null)
      .execute();
    revealed.push(index);
  }
  return revealed;
}
