import { createHash } from "node:crypto";
import { formatScaled } from "./decimal";
import { outcomeOf } from "./outcome";
import { payoutFor } from "./payout";
import type { Receipt, ReceiptFairness, ReceiptTick, ReceiptV1, TickSources } from "./receipt";
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

/** A chain of the fixtures: the vectors' one, then its successor (another secret, another volatility). */
interface FixtureChain {
  anchor: string;
  startsAt: number;
  seeds: Uint8Array[];
  stepVolatilityPpm: number;
  successor: boolean;
}

const SUCCESSOR_SECRET = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
export const CHAIN_LENGTH = vectors.chainLength;
export const CHAINS: FixtureChain[] = [
  {
    anchor: vectors.seeds[0] as string,
    startsAt: CHAIN_STARTS_AT,
    seeds,
    stepVolatilityPpm: product.stepVolatilityPpm,
    successor: false,
  },
  {
    anchor: toHex(seedChain(SUCCESSOR_SECRET, CHAIN_LENGTH)[0] as Uint8Array),
    startsAt: CHAIN_STARTS_AT + CHAIN_LENGTH * EPOCH_MS,
    seeds: seedChain(SUCCESSOR_SECRET, CHAIN_LENGTH),
    stepVolatilityPpm: product.stepVolatilityPpm + 40,
    successor: true,
  },
];

/**
 * The scaled prices of every epoch of both chains of the vectors' first product, back to back: the
 * successor's epoch 1 opens at the vectors chain's last price. And each epoch's opening, in order.
 */
function pathPrices() {
  const openings: bigint[] = [];
  const prices: bigint[] = [];
  let opening = BigInt(product.openingPrice);
  for (const chain of CHAINS) {
    const params = {
      ...product,
      stepVolatilityPpm: chain.stepVolatilityPpm,
      meanVolume: BigInt(product.meanVolume),
    };
    for (let k = 1; k <= CHAIN_LENGTH; k++) {
      openings.push(opening);
      const epoch = epochPath(chain.seeds[k] as Uint8Array, params, opening, vectors.ticksPerEpoch);
      prices.push(...epoch.map((t) => t.price));
      opening = epoch.at(-1)?.price as bigint;
    }
  }
  return { openings, prices };
}
const PATH = pathPrices();

export interface ReceiptOptions {
  /**
   * The entry's index from the first chain's start: 0 … 899 are its epochs 1 to 3, 900 … 1799 the
   * successor's.
   */
  entryIndex: number;
  durationSeconds: number;
  direction: "up" | "down";
  /** Minor units. */
  stake: bigint;
  payoutRateBps: number;
}

/** A settled contract on the synthetic product of the vectors, every tick recorded, on one chain or two. */
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
  const epochOf = (time: string) => Math.floor((Date.parse(time) - CHAIN_STARTS_AT) / EPOCH_MS);
  const touched = new Set(ticks.map((t) => epochOf(t.time)));
  const fairness = CHAINS.flatMap((chain, c) => {
    const epochs = [];
    for (let k = 1; k <= CHAIN_LENGTH; k++) {
      const global = c * CHAIN_LENGTH + k - 1;
      if (!touched.has(global)) continue;
      epochs.push({
        index: k,
        startsAt: new Date(chain.startsAt + (k - 1) * EPOCH_MS).toISOString(),
        seed: toHex(chain.seeds[k] as Uint8Array),
        opening: formatScaled(PATH.openings[global] as bigint, PRECISION),
      });
    }
    if (epochs.length === 0) return [];
    return [
      {
        algorithm: vectors.algorithm,
        anchor: chain.anchor,
        chainStartsAt: new Date(chain.startsAt).toISOString(),
        chainLength: CHAIN_LENGTH,
        successor: chain.successor,
        epochMs: EPOCH_MS,
        tickMs: vectors.tickMs,
        product: {
          symbol: product.symbol,
          precision: PRECISION,
          volumePrecision: product.volumePrecision,
          stepVolatilityPpm: chain.stepVolatilityPpm,
          meanVolume: product.meanVolume,
        },
        epochs,
      },
    ];
  });
  return { ...settled(ticks, options, product.symbol), fairness };
}

/** The same receipt as version 1 wrote it: one chain, no payout table version. */
export function asVersion1(receipt: Receipt): ReceiptV1 {
  const { payoutTableVersion: _, ...contract } = receipt.contract;
  const [segment, ...more] = receipt.fairness ?? [];
  if (more.length > 0) throw new Error("a version 1 receipt has one chain at most");
  const { chainLength: _length, successor: _successor, ...fairness } = segment ?? {};
  return { ...receipt, version: 1, contract, fairness: segment ? (fairness as ReceiptFairness) : null };
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
    version: 2,
    contract: {
      id: "7",
      orderNo: "C0000000007",
      symbol,
      direction: options.direction,
      stake: formatScaled(options.stake, 2),
      durationSeconds: options.durationSeconds,
      payoutRateBps: options.payoutRateBps,
      payoutTableVersion: 3,
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
