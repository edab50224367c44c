import { PATH_ALGORITHM, seedChain, stepVolatilityPpm, toHex } from "@tickfair/verify";
import type { Db } from "../platform/db";
import type { CatalogueProduct } from "./catalogue";
import { alignedEpochStart, type Chain, type ChainProduct, chainEndsAt } from "./fairness-chain";
import { FairnessRefusal } from "./fairness-secret";
import { chainAt, readChains, recordChain } from "./fairness-store";
import type { MarketLog } from "./feed-runner";
import { parseScaled } from "./prices";
import { lastTicks } from "./ticks";

/** What a new chain is made with (configuration); a recorded chain keeps its own. */
export interface ChainSettings {
  epochMs: number;
  tickMs: number;
  length: number;
}

/** The chain the feed plays and every seed of it, s_0 … s_N: held in the leader's memory only. */
export interface OpenChain {
  chain: Chain;
  seeds: Uint8Array[];
}

async function chainProducts(
  db: Db,
  catalogue: readonly CatalogueProduct[],
  tickMs: number,
): Promise<ChainProduct[]> {
  const last = await lastTicks(db);
  return catalogue.map((product) => ({
    symbol: product.symbol,
    precision: product.precision,
    volumePrecision: product.volumePrecision,
    stepVolatilityPpm: stepVolatilityPpm(product.simulation.annualVolatility, tickMs),
    meanVolume: parseScaled(product.simulation.meanVolume, product.volumePrecision),
    openingPrice:
      last.get(product.symbol)?.price ?? parseScaled(product.simulation.startPrice, product.precision),
  }));
}

/**
 * Whether a new chain's seeds run into an earlier chain's anchor, in either direction: a secret used
 * again (with any length) would replay seeds already revealed, so anyone could foresee its prices.
 */
function meetsEarlierChain(seeds: readonly Uint8Array[], chains: readonly Chain[]): boolean {
  if (chains.length === 0) return false;
  const anchors = new Set(chains.map((chain) => chain.anchor));
  if (seeds.some((seed) => anchors.has(toHex(seed)))) return true;
  const longest = Math.max(...chains.map((chain) => chain.length));
  const below = seedChain(seeds[0] as Uint8Array, longest);
  return below.some((seed) => anchors.has(toHex(seed)));
}

/**
 * The chain to play from `secret`: the recorded one it leads to, or, when none plays, a new one
 * starting at the current epoch's start (recorded with its anchor and the products' parameters before
 * any of its ticks). A secret that does not lead to the chain playing is refused: a chain is never
 * replaced mid-way, since that would let whoever restarts the feed choose the prices.
 */
export async function openChain(
  db: Db,
  now: Date,
  secret: Uint8Array,
  settings: ChainSettings,
  catalogue: readonly CatalogueProduct[],
  log: MarketLog,
): Promise<OpenChain> {
  const chains = await readChains(db);
  const playing = chainAt(chains, now.getTime());
  if (playing && now.getTime() < chainEndsAt(playing)) {
    const seeds = seedChain(secret, playing.length);
    if (toHex(seeds[0] as Uint8Array) !== playing.anchor)
      throw new FairnessRefusal(
        `the fairness secret does not lead to the anchor of the chain playing (${playing.anchor}); the feed is not started: restore that chain's secret (docs/operations.md, Fairness)`,
      );
    if (playing.epochMs !== settings.epochMs || playing.length !== settings.length)
      log.warn(
        { epochMs: playing.epochMs, length: playing.length },
        "market: the recorded chain keeps its epoch length and size; the configured ones apply to the next chain",
      );
    return { chain: playing, seeds };
  }
  const seeds = seedChain(secret, settings.length);
  const anchor = toHex(seeds[0] as Uint8Array);
  if (meetsEarlierChain(seeds, chains))
    throw new FairnessRefusal(
      "the fairness secret belongs to a chain already played, whose seeds are public; the feed is not started: set a new FAIRNESS_SECRET for the next chain (docs/operations.md, Fairness)",
    );
  // After an ended chain, never overlapping it (its last epoch may not end on this chain's grid).
  let startsAt = alignedEpochStart(now.getTime(), settings.epochMs);
  if (playing && startsAt < chainEndsAt(playing)) startsAt += settings.epochMs;
  const chain = await recordChain(db, {
    anchor,
    algorithm: PATH_ALGORITHM,
    epochMs: settings.epochMs,
    tickMs: settings.tickMs,
    startsAt,
    length: settings.length,
    products: await chainProducts(db, catalogue, settings.tickMs),
  });
  log.info({ anchor, startsAt: new Date(startsAt).toISOString() }, "market: recorded a new fairness chain");
  return { chain, seeds };
}
