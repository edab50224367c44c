import { createHash } from "node:crypto";
import { formatScaled } from "./decimal";
import { outcomeOf } from "./outcome";
import { payoutFor } from "./payout";
import type { Receipt, ReceiptTick, TickSources } from "./receipt";
import { seedChain } from "./seed-chain";
import { toHex } from "./sha256";
import { epochPath } from "./synthetic-path";
import vectors from "./vectors.json";

/** Receipts built from the published test vectors, hashed by node:crypto: a second implementation. */

export const CHAIN_STARTS_AT = Date.UTC(2026, 0, 5, 8, 0, 0);
export const EPOCH_MS = vectors.ticksPerEpoch * vectors.tickMs;
const product = vectors.products[0] as (typeof vectors.products)[number];
const PRECISION = product.precision;
const seeds = seedChain(
  Uint8Array.from({ length: 32 }, (_, i) => i),
  vectors.chainLength,
);

const nodeHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Rehashes `ticks` from the first one's prevHash on, as whoever recorded them would. */
export function rechain(ticks: readonly Omit<ReceiptTick, "hash">[], symbol: string): ReceiptTick[] {
  let prevHash = ticks[0]?.prevHash ?? "";
  return ticks.map((tick) => {
    const linked = { ...tick, prevHash };
    const hash = nodeHash(`${prevHash}|${symbol}|${tick.seq}|${tick.time}|${tick.price}`);
    prevHash = hash;
    return { ...linked, hash };
  });
}

/** The scaled prices of epochs 1 and 2 of the vectors' first product, and each epoch's opening. */
function pathPrices() {
  const params = { ...product, meanVolume: BigInt(product.meanVolume) };
  const opening1 = BigInt(product.openingPrice);
  const epoch1 = epochPath(seeds[1] as Uint8Array, params, opening1, vectors.ticksPerEpoch).map(
    (t) => t.price,
  );
  const opening2 = epoch1.at(-1) as bigint;
  const epoch2 = epochPath(seeds[2] as Uint8Array, params, opening2, vectors.ticksPerEpoch).map(
    (t) => t.price,
  );
  return { openings: [opening1, opening2], prices: [...epoch1, ...epoch2] };
}
const PATH = pathPrices();

export interface ReceiptOptions {
  /** The entry's index from the chain's start (0 … 599: epochs 1 and 2). */
  entryIndex: number;
  durationSeconds: number;
  direction: "up" | "down";
  /** Minor units. */
  stake: bigint;
  payoutRateBps: number;
}

/** A settled contract on the synthetic product of the vectors, every tick recorded. */
export function syntheticReceipt(options: ReceiptOptions): Receipt {
  const { entryIndex, durationSeconds } = options;
  const exitIndex = entryIndex + durationSeconds;
  const raw = [];
  for (let index = entryIndex; index <= exitIndex; index++) {
    raw.push({
      seq: String(1000 + index),
      time: new Date(CHAIN_STARTS_AT + index * vectors.tickMs).toISOString(),
      price: formatScaled(PATH.prices[index] as bigint, PRECISION),
      prevHash: entryIndex === 0 ? "0".repeat(64) : "ab".repeat(32),
    });
  }
  const ticks = rechain(raw, product.symbol);
  const epochs = [1, 2]
    .filter((k) => ticks.some((t) => Math.floor((Date.parse(t.time) - CHAIN_STARTS_AT) / EPOCH_MS) === k - 1))
    .map((k) => ({
      index: k,
      startsAt: new Date(CHAIN_STARTS_AT + (k - 1) * EPOCH_MS).toISOString(),
      seed: toHex(seeds[k] as Uint8Array),
      opening: formatScaled(PATH.openings[k - 1] as bigint, PRECISION),
    }));
  return {
    ...settled(ticks, options, product.symbol),
    fairness: {
      algorithm: vectors.algorithm,
      anchor: vectors.seeds[0] as string,
      chainStartsAt: new Date(CHAIN_STARTS_AT).toISOString(),
      epochMs: EPOCH_MS,
      tickMs: vectors.tickMs,
      product: {
        symbol: product.symbol,
        precision: PRECISION,
        volumePrecision: product.volumePrecision,
        stepVolatilityPpm: product.stepVolatilityPpm,
        meanVolume: product.meanVolume,
      },
      epochs,
    },
  };
}

/** A settled contract on a real feed: each tick the median of the three trades it cites. */
export function realFeedReceipt(
  prices: readonly string[],
  options: Omit<ReceiptOptions, "entryIndex" | "durationSeconds">,
): Receipt {
  const symbol = "ETH/USDT";
  const raw = prices.map((price, i) => ({
    seq: String(500 + i),
    time: new Date(CHAIN_STARTS_AT + i * 1000).toISOString(),
    price,
    prevHash: "cd".repeat(32),
  }));
  const ticks = rechain(raw, symbol);
  const sources: TickSources[] = ticks.map((tick, i) => ({
    seq: tick.seq,
    trades: [
      { exchange: "binance", tradeId: `b${i}`, price: `${tick.price}1`, time: tick.time },
      { exchange: "okx", tradeId: `o${i}`, price: tick.price, time: tick.time },
      { exchange: "kraken", tradeId: `k${i}`, price: "1.00", time: tick.time },
    ],
  }));
  return { ...settled(ticks, { ...options, durationSeconds: prices.length - 1 }, symbol), sources };
}

function settled(ticks: ReceiptTick[], options: Omit<ReceiptOptions, "entryIndex">, symbol: string): Receipt {
  const entry = ticks[0] as ReceiptTick;
  const exit = ticks.at(-1) as ReceiptTick;
  const result = outcomeOf(options.direction, entry.price, exit.price);
  const payout = payoutFor(options.stake, options.payoutRateBps, result);
  const ref = ({ seq, time, price, hash }: ReceiptTick) => ({ seq, time, price, hash });
  return {
    version: 1,
    contract: {
      id: "7",
      orderNo: "C0000000007",
      symbol,
      direction: options.direction,
      stake: formatScaled(options.stake, 2),
      durationSeconds: options.durationSeconds,
      payoutRateBps: options.payoutRateBps,
      acceptedAt: new Date(Date.parse(entry.time) - 400).toISOString(),
      expiresAt: new Date(Date.parse(entry.time) + options.durationSeconds * 1000).toISOString(),
      entry: ref(entry),
      exit: ref(exit),
      result,
      payout: formatScaled(payout, 2),
      profit: formatScaled(payout - options.stake, 2),
    },
    ticks,
    postings: ["31", "58"],
    fairness: null,
    sources: null,
  };
}
