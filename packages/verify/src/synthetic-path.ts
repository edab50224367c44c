import { sha256, utf8 } from "./sha256";

/** What a synthetic product's path depends on besides the seed; fixed for a chain's life. */
export interface PathParams {
  symbol: string;
  /** Per-tick standard deviation of the relative move, parts per million: an integer in [1, 10^6]. */
  stepVolatilityPpm: number;
  /** Mean volume per tick, scaled by 10^volumePrecision. */
  meanVolume: bigint;
}

export interface PathTick {
  /** Scaled by 10^precision, at least 1. */
  price: bigint;
  /** Scaled by 10^volumePrecision. */
  volume: bigint;
}

const IRWIN_HALL_MEAN = 12n * 32768n;
const MOVE_SCALE = 65536n * 1_000_000n;
const VOLUME_SCALE = 98302n;

/** The algorithm's name; a receipt says which one it was checked with. */
export const PATH_ALGORITHM = "tickfair-synthetic-v1";

/** The largest per-tick volatility a chain may publish (100 % a tick). */
export const MAX_STEP_VOLATILITY_PPM = 1_000_000;

/**
 * Per-tick volatility in ppm from an annual one: computed once when a chain is made and published as
 * the integer, so the float here never enters a price.
 */
export function stepVolatilityPpm(annualVolatility: number, tickMs: number): number {
  const ppm = Math.round(annualVolatility * Math.sqrt(tickMs / 31_536_000_000) * 1_000_000);
  return Math.min(Math.max(ppm, 1), MAX_STEP_VOLATILITY_PPM);
}

function assertParams(params: PathParams, openingPrice: bigint): void {
  const { stepVolatilityPpm: ppm, meanVolume } = params;
  if (!Number.isSafeInteger(ppm) || ppm < 1 || ppm > MAX_STEP_VOLATILITY_PPM)
    throw new RangeError("stepVolatilityPpm is an integer from 1 to 1000000");
  if (meanVolume < 0n) throw new RangeError("meanVolume is not negative");
  if (openingPrice < 1n) throw new RangeError("a price is at least one unit");
}

/**
 * Tick `index` of a product in the epoch played on `seed`, from the previous price (the epoch's opening
 * price for index 0). The whole rule, in integers only, so every device gets the same bits
 * (docs/fairness.md):
 *   d = SHA-256(seed ‖ UTF-8("|" + symbol + "|" + index)), w_j = big-endian uint16 of d[2j..2j+1]
 *   Z = w_0 + … + w_11 − 393216
 *   price = max(1, prev + trunc(prev × ppm × Z / 65536000000))
 *   volume = trunc(meanVolume × (w_12 + w_13 + w_14) / 98302)
 */
export function pathTick(seed: Uint8Array, params: PathParams, index: number, previous: bigint): PathTick {
  const text = utf8(`|${params.symbol}|${index}`);
  const message = new Uint8Array(seed.length + text.length);
  message.set(seed);
  message.set(text, seed.length);
  const digest = sha256(message);
  const word = (j: number) => ((digest[2 * j] as number) << 8) | (digest[2 * j + 1] as number);
  let sum = 0;
  for (let j = 0; j < 12; j++) sum += word(j);
  const z = BigInt(sum) - IRWIN_HALL_MEAN;
  const moved = previous + (previous * BigInt(params.stepVolatilityPpm) * z) / MOVE_SCALE;
  const activity = BigInt(word(12) + word(13) + word(14));
  return { price: moved < 1n ? 1n : moved, volume: (params.meanVolume * activity) / VOLUME_SCALE };
}

/** All `ticks` ticks of one product in the epoch played on `seed`, from its opening price. */
export function epochPath(
  seed: Uint8Array,
  params: PathParams,
  openingPrice: bigint,
  ticks: number,
): PathTick[] {
  assertParams(params, openingPrice);
  if (!Number.isSafeInteger(ticks) || ticks < 1) throw new RangeError("an epoch has at least one tick");
  const path: PathTick[] = new Array(ticks);
  let previous = openingPrice;
  for (let index = 0; index < ticks; index++) {
    const tick = pathTick(seed, params, index, previous);
    path[index] = tick;
    previous = tick.price;
  }
  return path;
}
