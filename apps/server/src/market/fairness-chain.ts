import { epochPath, type PathParams, type PathTick } from "@tickfair/verify";

/** A synthetic product as a chain published it: its path's parameters and epoch 1's opening. */
export interface ChainProduct extends PathParams {
  precision: number;
  volumePrecision: number;
  /** Null for a successor chain: it opens at its predecessor's last prices, unknown when published. */
  openingPrice: bigint | null;
}

/** A recorded chain (docs/fairness.md): times in Unix milliseconds. */
export interface Chain {
  id: bigint;
  anchor: string;
  algorithm: string;
  epochMs: number;
  tickMs: number;
  startsAt: number;
  length: number;
  products: ChainProduct[];
}

/** Opening (or closing) prices of an epoch by symbol, scaled. */
export type Prices = Map<string, bigint>;

export const ticksPerEpoch = (chain: Chain): number => chain.epochMs / chain.tickMs;
export const epochStartsAt = (chain: Chain, index: number): number =>
  chain.startsAt + (index - 1) * chain.epochMs;
export const epochEndsAt = (chain: Chain, index: number): number => chain.startsAt + index * chain.epochMs;
export const chainEndsAt = (chain: Chain): number => epochEndsAt(chain, chain.length);

/**
 * Where `at` falls: the epoch's index and the tick's index within it, or null before the chain starts.
 * The epoch index runs past the chain's length once it has ended (the caller tells).
 */
export function positionAt(chain: Chain, at: number): { epoch: number; tick: number } | null {
  if (at < chain.startsAt) return null;
  const global = Math.floor((at - chain.startsAt) / chain.tickMs);
  const n = ticksPerEpoch(chain);
  return { epoch: Math.floor(global / n) + 1, tick: global % n };
}

/** The start of the epoch of length `epochMs` that `at` falls in: a fresh chain's first epoch. */
export const alignedEpochStart = (at: number, epochMs: number): number => Math.floor(at / epochMs) * epochMs;

/** Every product's whole path in an epoch from its openings (a product without one is left out). */
export function epochPaths(chain: Chain, seed: Uint8Array, openings: Prices): Map<string, PathTick[]> {
  const paths = new Map<string, PathTick[]>();
  for (const product of chain.products) {
    const opening = openings.get(product.symbol);
    if (opening === undefined) continue;
    paths.set(product.symbol, epochPath(seed, product, opening, ticksPerEpoch(chain)));
  }
  return paths;
}

/** The next epoch's openings: each path's last price. */
export function closingPrices(paths: Map<string, PathTick[]>): Prices {
  const closings: Prices = new Map();
  for (const [symbol, path] of paths) {
    const last = path[path.length - 1];
    if (last) closings.set(symbol, last.price);
  }
  return closings;
}
