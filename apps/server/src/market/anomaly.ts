import { atCommonScale } from "./median";

/**
 * The feed-anomaly detectors, pure: a tick that jumps far past the product's recent volatility, and
 * (real markets) cited trades that disagree. Volatility is a statistic, not money: it is computed in
 * floating point; the disagreement compares exact decimals.
 */

/** Recent volatility is taken from the ticks of the last two minutes... */
export const SPIKE_WINDOW_MS = 120_000;
/** ...and judged only once it has this many returns: a few quiet seconds say little about a market. */
export const SPIKE_MIN_RETURNS = 20;
/**
 * The least volatility a move is measured against, per second (1 basis point): a dead-flat series
 * (a quiet market, a held price) would otherwise halt on its first move of any size.
 */
export const SPIKE_SIGMA_FLOOR = 1e-4;

export interface PricePoint {
  time: Date;
  /** Scaled by 10^precision. */
  price: bigint;
}

export interface Spike {
  /** The move in multiples of the volatility it was measured against. */
  sigmas: number;
  previous: bigint;
  price: bigint;
}

/** Ticks come about a second apart; closer ones are not allowed to inflate their move. */
const secondsBetween = (from: PricePoint, to: PricePoint) =>
  Math.max(1, (to.time.getTime() - from.time.getTime()) / 1000);

/** A move's log return scaled to one second (divided by √seconds, as a random walk's spreads). */
function oneSecondReturn(from: PricePoint, to: PricePoint): number {
  return Math.log(Number(to.price) / Number(from.price)) / Math.sqrt(secondsBetween(from, to));
}

/**
 * Whether `next` moves more than `limitSigmas` times the recent volatility from the last point of
 * `history` (recorded ticks, oldest first, already limited to the window). The volatility is the
 * root mean square of the history's one-second returns — their standard deviation about zero, so a
 * steady trend is not mistaken for calm — and never less than the floor or one price step.
 */
export function spikeOf(history: readonly PricePoint[], next: PricePoint, limitSigmas: number): Spike | null {
  const last = history.at(-1);
  if (!last || history.length <= SPIKE_MIN_RETURNS || last.price <= 0n || next.price <= 0n) return null;
  let squares = 0;
  for (let i = 1; i < history.length; i++) {
    const from = history[i - 1];
    const to = history[i];
    if (from && to) squares += oneSecondReturn(from, to) ** 2;
  }
  // One price step relative to the price: the price is scaled by 10^precision, so a step is 1 of it.
  const step = 1 / Number(last.price);
  const sigma = Math.max(Math.sqrt(squares / (history.length - 1)), SPIKE_SIGMA_FLOOR, step);
  const sigmas = Math.abs(oneSecondReturn(last, next)) / sigma;
  return sigmas > limitSigmas ? { sigmas, previous: last.price, price: next.price } : null;
}

/** The recorded ticks a product's next tick is judged against, kept as ticks are recorded. */
export class SpikeWindow {
  readonly #points: PricePoint[];

  /** `points`: the latest recorded ticks, oldest first, none before the window's start. */
  constructor(points: readonly PricePoint[]) {
    this.#points = [...points];
  }

  /** The points within SPIKE_WINDOW_MS before `at`. */
  before(at: Date): PricePoint[] {
    const from = at.getTime() - SPIKE_WINDOW_MS;
    while (this.#points.length > 0 && (this.#points[0]?.time.getTime() ?? 0) < from) this.#points.shift();
    return this.#points;
  }

  add(point: PricePoint): void {
    this.#points.push(point);
  }
}

export interface Disagreement {
  /** Highest less lowest price in basis points of the median, with one decimal (truncated). */
  spreadBps: string;
}

/**
 * Whether the cited trades' prices spread wider than `toleranceBps` of their median: exact, at the
 * prices' own decimals. One price cannot disagree with itself.
 */
export function disagreementOf(prices: readonly string[], toleranceBps: number): Disagreement | null {
  if (prices.length < 2) return null;
  const values = atCommonScale(prices).values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(values.length / 2);
  const upper = values[middle] ?? 0n;
  // Twice the median, so an even count's mean of the middle two is exact too.
  const twiceMedian = values.length % 2 === 1 ? 2n * upper : (values[middle - 1] ?? 0n) + upper;
  if (twiceMedian <= 0n) return null;
  const spread = ((values.at(-1) ?? 0n) - (values[0] ?? 0n)) * 20_000n;
  if (spread <= BigInt(toleranceBps) * twiceMedian) return null;
  const tenths = (spread * 10n) / twiceMedian;
  return { spreadBps: `${tenths / 10n}.${tenths % 10n}` };
}
