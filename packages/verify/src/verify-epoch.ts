import { formatScaled, scaledOf } from "./decimal";
import { seedLeadsTo } from "./seed-chain";
import { fromHex } from "./sha256";
import { epochPath, PATH_ALGORITHM, type PathTick } from "./synthetic-path";
import { tickHash } from "./tick-hash";

/** What `GET /api/v1/fairness` publishes that recomputing an epoch needs. */
export interface PublishedChain {
  algorithm: string;
  anchor: string;
  tickMs: number;
  products: {
    symbol: string;
    precision: number;
    stepVolatilityPpm: number;
    meanVolume: string;
  }[];
}

/** One epoch as `GET /api/v1/fairness/epochs` lists it. */
export interface PublishedEpoch {
  index: number;
  startsAt: string;
  endsAt: string;
  seed: string | null;
  /** Each product's opening price, decimal text at its precision. */
  openings: Record<string, string>;
}

/** A recorded tick as the ticks endpoint serves it. */
export interface RecordedTick {
  symbol: string;
  seq: string;
  time: string;
  price: string;
  prevHash: string;
  hash: string;
}

export interface EpochCheck {
  /** `opening`: only when the epoch before it is given (see verifyEpoch). */
  name: "seed" | "hashes" | "prices" | "opening";
  ok: boolean;
  reason: string | null;
  seq: string | null;
}

export interface EpochVerification {
  ok: boolean;
  symbol: string;
  index: number;
  /** How many ticks the epoch has, and how many of them were recorded (an outage leaves gaps). */
  ticks: number;
  recorded: number;
  checks: EpochCheck[];
}

const check = (name: EpochCheck["name"], problem: { reason: string; seq?: string } | null): EpochCheck => ({
  name,
  ok: problem === null,
  reason: problem?.reason ?? null,
  seq: problem?.seq ?? null,
});

/**
 * Where the epoch before `epoch` closed, against `epoch`'s opening: the server publishes each opening,
 * and only the previous epoch's path says it was carried over rather than chosen. Null when it holds.
 */
function openingProblem(
  chain: PublishedChain,
  previous: PublishedEpoch,
  epoch: PublishedEpoch,
  symbol: string,
): { reason: string } | null {
  const product = chain.products.find((p) => p.symbol === symbol);
  const seed = previous.seed === null ? null : fromHex(previous.seed);
  const opening = product ? scaledOf(previous.openings[symbol] ?? "", product.precision) : null;
  if (!product || !seed || opening === null || opening < 1n)
    return {
      reason: `epoch ${previous.index} gives no closing price of ${symbol} to check the opening against`,
    };
  const n = Math.floor((Date.parse(previous.endsAt) - Date.parse(previous.startsAt)) / chain.tickMs);
  const params = {
    symbol,
    stepVolatilityPpm: product.stepVolatilityPpm,
    meanVolume: BigInt(product.meanVolume),
  };
  const close = epochPath(seed, params, opening, n).at(-1)?.price;
  const published = epoch.openings[symbol] ?? "";
  return close !== undefined && scaledOf(published, product.precision) === close
    ? null
    : {
        reason: `epoch ${epoch.index} opens at ${published}, epoch ${previous.index} closed at ${formatScaled(close ?? 0n, product.precision)}`,
      };
}

/**
 * Recomputes one epoch of one product from its revealed seed and opening price, and compares every
 * recorded tick of the epoch with it: the seed must hash down to the anchor, each recorded tick's hash
 * must match its fields, and its price must be the path's at its index. Given the epoch before it (of
 * the same chain), also that the opening is where that one closed.
 */
export function verifyEpoch(
  chain: PublishedChain,
  epoch: PublishedEpoch,
  symbol: string,
  recorded: readonly RecordedTick[],
  previous: PublishedEpoch | null = null,
): EpochVerification {
  const startsAt = Date.parse(epoch.startsAt);
  const n = Math.floor((Date.parse(epoch.endsAt) - startsAt) / chain.tickMs);
  const result = (checks: EpochCheck[]): EpochVerification => ({
    ok: checks.every((c) => c.ok),
    symbol,
    index: epoch.index,
    ticks: n,
    recorded: recorded.length,
    checks,
  });
  const product = chain.products.find((p) => p.symbol === symbol);
  const seed = epoch.seed === null ? null : fromHex(epoch.seed);
  const opening = product ? scaledOf(epoch.openings[symbol] ?? "", product.precision) : null;
  if (chain.algorithm !== PATH_ALGORITHM)
    return result([
      check("seed", { reason: `the prices follow ${chain.algorithm}, which this verifier does not know` }),
    ]);
  if (epoch.seed === null)
    return result([
      check("seed", { reason: `epoch ${epoch.index} has not ended: its seed is not revealed yet` }),
    ]);
  if (seed === null)
    return result([check("seed", { reason: `the seed of epoch ${epoch.index} is not hex` })]);
  if (!product || opening === null || opening < 1n)
    return result([check("seed", { reason: `${symbol} has no commitment in epoch ${epoch.index}` })]);
  const seedHolds = seedLeadsTo(epoch.seed, epoch.index, chain.anchor);
  const seedCheck = check(
    "seed",
    seedHolds ? null : { reason: `the seed of epoch ${epoch.index} does not hash down to the anchor` },
  );
  let badHash: { reason: string; seq: string } | null = null;
  for (const tick of recorded) {
    if (tickHash(tick) !== tick.hash) {
      badHash = { reason: `tick ${tick.seq}: the hash does not match its fields`, seq: tick.seq };
      break;
    }
  }
  let path: PathTick[];
  try {
    const params = {
      symbol,
      stepVolatilityPpm: product.stepVolatilityPpm,
      meanVolume: BigInt(product.meanVolume),
    };
    path = epochPath(seed, params, opening, n);
  } catch {
    return result([
      seedCheck,
      check("prices", { reason: `${symbol}'s published parameters are out of range` }),
    ]);
  }
  let badPrice: { reason: string; seq: string } | null = null;
  for (const tick of recorded) {
    const offset = Date.parse(tick.time) - startsAt;
    const index = offset / chain.tickMs;
    const expected = path[index];
    if (!Number.isInteger(index) || expected === undefined) {
      badPrice = { reason: `tick ${tick.seq} is not on the epoch's tick grid`, seq: tick.seq };
      break;
    }
    if (scaledOf(tick.price, product.precision) !== expected.price) {
      const wanted = formatScaled(expected.price, product.precision);
      badPrice = {
        reason: `tick ${tick.seq}: the seed gives ${wanted} at index ${index}, the tick says ${tick.price}`,
        seq: tick.seq,
      };
      break;
    }
  }
  const checks = [seedCheck, check("hashes", badHash), check("prices", badPrice)];
  if (previous && previous.index === epoch.index - 1)
    checks.push(check("opening", openingProblem(chain, previous, epoch, symbol)));
  return result(checks);
}
