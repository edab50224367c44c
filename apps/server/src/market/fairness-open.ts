import { PATH_ALGORITHM, seedChain, stepVolatilityPpm, toHex } from "@tickfair/verify";
import type { Db } from "../platform/db";
import type { CatalogueProduct } from "./catalogue";
import { lastTicks } from "./chain-heads";
import { alignedEpochStart, type Chain, type ChainProduct, chainEndsAt } from "./fairness-chain";
import { FairnessRefusal } from "./fairness-secret";
import { chainAt, hasEpochs, readChains, recordChain } from "./fairness-store";
import type { MarketLog } from "./feed-runner";
import { parseScaled } from "./prices";

/** What a new chain is made with (configuration); a recorded chain keeps its own. */
export interface ChainSettings {
  epochMs: number;
  tickMs: number;
  length: number;
  /** How long before a chain ends its successor must be published (a day). */
  noticeMs?: number;
}

/** A successor is published at least this long before it plays. */
export const SUCCESSOR_NOTICE_MS = 24 * 60 * 60_000;

/** A chain to play and every seed of it, s_0 … s_N: held in the leader's memory only. */
export interface OpenChain {
  chain: Chain;
  seeds: Uint8Array[];
  /** The chain that plays when this one ends, with its seeds, when this process holds them. */
  successor?: OpenChain | undefined;
}

async function chainProducts(
  db: Db,
  catalogue: readonly CatalogueProduct[],
  tickMs: number,
  opening: "last price" | "predecessor",
): Promise<ChainProduct[]> {
  const last = opening === "last price" ? await lastTicks(db) : new Map();
  return catalogue.map((product) => ({
    symbol: product.symbol,
    precision: product.precision,
    volumePrecision: product.volumePrecision,
    stepVolatilityPpm: stepVolatilityPpm(product.simulation.annualVolatility, tickMs),
    meanVolume: parseScaled(product.simulation.meanVolume, product.volumePrecision),
    openingPrice:
      opening === "predecessor"
        ? null
        : (last.get(product.symbol)?.price ?? parseScaled(product.simulation.startPrice, product.precision)),
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

/** `secret`'s seeds for `chain` when they lead to its anchor. */
function seedsFor(secret: Uint8Array | null, chain: Chain): Uint8Array[] | null {
  if (!secret) return null;
  const seeds = seedChain(secret, chain.length);
  return toHex(seeds[0] as Uint8Array) === chain.anchor ? seeds : null;
}

/**
 * The successor of `current` from `next` (FAIRNESS_NEXT_SECRET): the one recorded, or a new one
 * recorded now if its start is at least the notice away. Anything amiss is logged, never fatal: the
 * current chain plays on, and the feed stops at its end.
 */
async function successorOf(
  db: Db,
  current: Chain,
  chains: readonly Chain[],
  next: Uint8Array | null,
  settings: ChainSettings,
  catalogue: readonly CatalogueProduct[],
  now: Date,
  log: MarketLog,
): Promise<OpenChain | undefined> {
  const startsAt = chainEndsAt(current);
  const recorded = chains.find((chain) => chain.startsAt === startsAt);
  if (recorded) {
    const seeds = seedsFor(next, recorded);
    if (!seeds && next)
      log.error(
        { anchor: recorded.anchor },
        "market: FAIRNESS_NEXT_SECRET does not lead to the published successor's anchor; the feed stops when the chain ends",
      );
    return seeds ? { chain: recorded, seeds } : undefined;
  }
  if (!next) return undefined;
  const seeds = seedChain(next, settings.length);
  if (meetsEarlierChain(seeds, chains)) {
    log.error({}, "market: FAIRNESS_NEXT_SECRET belongs to a chain already played; no successor published");
    return undefined;
  }
  if (
    startsAt - now.getTime() < (settings.noticeMs ?? SUCCESSOR_NOTICE_MS) ||
    startsAt % settings.epochMs !== 0
  ) {
    log.error(
      { endsAt: new Date(startsAt).toISOString() },
      "market: too late to publish the successor chain a day ahead (or its epochs do not fit the chain's end); set a new FAIRNESS_SECRET once the chain has ended",
    );
    return undefined;
  }
  const chain = await recordChain(db, {
    anchor: toHex(seeds[0] as Uint8Array),
    algorithm: PATH_ALGORITHM,
    epochMs: settings.epochMs,
    tickMs: settings.tickMs,
    startsAt,
    length: settings.length,
    products: await chainProducts(db, catalogue, settings.tickMs, "predecessor"),
  });
  log.info(
    { anchor: chain.anchor, startsAt: new Date(startsAt).toISOString() },
    "market: published the successor fairness chain",
  );
  return { chain, seeds };
}

/**
 * The chain to play from the configured secrets: the recorded one a secret leads to, or, when none
 * plays, a new one starting at the current epoch's start (recorded with its anchor and the products'
 * parameters before any of its ticks). A secret that does not lead to the chain playing is refused: a
 * chain is never replaced mid-way, since that would let whoever restarts the feed choose the prices.
 * With `next` (FAIRNESS_NEXT_SECRET) the successor is published too, and played when the chain ends.
 */
export async function openChain(
  db: Db,
  now: Date,
  secret: Uint8Array,
  settings: ChainSettings,
  catalogue: readonly CatalogueProduct[],
  log: MarketLog,
  next: Uint8Array | null = null,
): Promise<OpenChain> {
  const chains = await readChains(db);
  let playing = chainAt(chains, now.getTime());
  let toFinish = false;
  // A successor that has not opened yet opens at its predecessor's last prices: the predecessor is
  // played to its end first, which needs its secret.
  if (playing && !(await hasEpochs(db, playing))) {
    const start = playing.startsAt;
    const before = chains.find((chain) => chainEndsAt(chain) === start);
    if (before && seedsFor(secret, before)) {
      playing = before;
      toFinish = true;
    }
  }
  if (playing && (toFinish || now.getTime() < chainEndsAt(playing))) {
    const seeds = seedsFor(secret, playing) ?? seedsFor(next, playing);
    if (!seeds)
      throw new FairnessRefusal(
        `the fairness secret does not lead to the anchor of the chain playing (${playing.anchor}); the feed is not started: restore that chain's secret (docs/operations.md, Fairness)`,
      );
    if (playing.epochMs !== settings.epochMs || playing.length !== settings.length)
      log.warn(
        { epochMs: playing.epochMs, length: playing.length },
        "market: the recorded chain keeps its epoch length and size; the configured ones apply to the next chain",
      );
    const successor = await successorOf(db, playing, chains, next, settings, catalogue, now, log);
    return { chain: playing, seeds, successor };
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
    products: await chainProducts(db, catalogue, settings.tickMs, "last price"),
  });
  log.info({ anchor, startsAt: new Date(startsAt).toISOString() }, "market: recorded a new fairness chain");
  return {
    chain,
    seeds,
    successor: await successorOf(db, chain, [...chains, chain], next, settings, catalogue, now, log),
  };
}
