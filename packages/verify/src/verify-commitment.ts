import { formatScaled, scaledOf } from "./decimal";
import type { ReceiptEpoch, ReceiptFairness, SavedReceipt } from "./receipt";
import { seedLeadsTo } from "./seed-chain";
import { fromHex } from "./sha256";
import { MAX_STEP_VOLATILITY_PPM, PATH_ALGORITHM, type PathParams, pathTick } from "./synthetic-path";

/**
 * The receipt checks of a synthetic product's commitment (verify-receipt.ts): the seeds against each
 * chain's anchor, and every price and opening against the path recomputed from them.
 */

/** What a check found wrong, and where. */
export interface Problem {
  reason: string;
  seq?: string | null;
  /** Waiting for a seed rather than wrong. */
  pending?: boolean;
}

const revealedAt = (epoch: ReceiptEpoch, epochMs: number) =>
  new Date(Date.parse(epoch.startsAt) + epochMs).toISOString();

/** A chain's commitment as the checks read it: a version 1 receipt's one chain, of unknown length. */
interface Segment extends ReceiptFairness {
  chainLength: number | null;
  successor: boolean;
}

/** The receipt's chains, oldest first, whatever its version; null when its prices are not committed. */
export function segmentsOf(receipt: SavedReceipt): Segment[] | null {
  if (receipt.version === 2) return receipt.fairness;
  return receipt.fairness ? [{ ...receipt.fairness, chainLength: null, successor: false }] : null;
}

const chainEndsAt = (segment: Segment) =>
  segment.chainLength === null
    ? Number.POSITIVE_INFINITY
    : Date.parse(segment.chainStartsAt) + segment.chainLength * segment.epochMs;

/** Where a segment starts against the one before it: a successor exactly at its end, another after it. */
function handOverProblem(segment: Segment, before: Segment | undefined): Problem | null {
  if (!before) return null;
  const startsAt = Date.parse(segment.chainStartsAt);
  const end = chainEndsAt(before);
  if (segment.successor && startsAt !== end)
    return { reason: `the chain ${segment.anchor} does not start where its predecessor ends` };
  if (startsAt < end) return { reason: `the chain ${segment.anchor} starts before its predecessor ends` };
  return null;
}

/**
 * Each chain's epochs: the seed against the chain's anchor, the start against its schedule, the index
 * within its length; and each chain against the one before it.
 */
export function seedProblem(segments: readonly Segment[]): Problem | null {
  let waiting: Problem | null = null;
  for (const [position, segment] of segments.entries()) {
    if (segment.algorithm !== PATH_ALGORITHM)
      return { reason: `the prices follow ${segment.algorithm}, which this verifier does not know` };
    const handOver = handOverProblem(segment, segments[position - 1]);
    if (handOver) return handOver;
    for (const epoch of segment.epochs) {
      const startsAt = Date.parse(segment.chainStartsAt) + (epoch.index - 1) * segment.epochMs;
      if (segment.chainLength !== null && epoch.index > segment.chainLength)
        return {
          reason: `epoch ${epoch.index} is past the end of its chain (${segment.chainLength} epochs)`,
        };
      if (Date.parse(epoch.startsAt) !== startsAt)
        return { reason: `epoch ${epoch.index} does not start where the chain puts it` };
      if (epoch.seed === null) {
        const at = revealedAt(epoch, segment.epochMs);
        waiting ??= { reason: `the seed of epoch ${epoch.index} is revealed at ${at}`, pending: true };
      } else if (!seedLeadsTo(epoch.seed, epoch.index, segment.anchor))
        return { reason: `the seed of epoch ${epoch.index} does not hash down to the anchor` };
    }
  }
  return waiting;
}

/** The prices of each epoch's path, recomputed from its seed and opening as far as asked. */
class Paths {
  readonly #paths = new Map<ReceiptEpoch, bigint[]>();

  /** The path of `epoch` of `segment` up to `upTo`; null when its seed or opening is malformed. */
  upTo(segment: Segment, epoch: ReceiptEpoch, upTo: number): bigint[] | null {
    const { product } = segment;
    const seed = epoch.seed === null ? null : fromHex(epoch.seed);
    const opening = scaledOf(epoch.opening, product.precision);
    if (!seed || opening === null || opening < 1n) return null;
    const params: PathParams = {
      symbol: product.symbol,
      stepVolatilityPpm: product.stepVolatilityPpm,
      meanVolume: BigInt(product.meanVolume),
    };
    const path = this.#paths.get(epoch) ?? [];
    for (let index = path.length; index <= upTo; index++)
      path.push(pathTick(seed, params, index, path[index - 1] ?? opening).price);
    this.#paths.set(epoch, path);
    return path;
  }
}

function productProblem(segment: Segment, symbol: string): Problem | null {
  const { product, epochMs, tickMs } = segment;
  if (product.symbol !== symbol)
    return { reason: `the commitment is for ${product.symbol}, the contract for ${symbol}` };
  if (epochMs % tickMs !== 0) return { reason: "the epoch is not a whole number of ticks" };
  if (product.stepVolatilityPpm > MAX_STEP_VOLATILITY_PPM)
    return { reason: "the volatility is out of range" };
  return null;
}

/** Each tick's price against the path of its epoch, recomputed from the seed and the opening price. */
function tickPriceProblem(receipt: SavedReceipt, segments: readonly Segment[], paths: Paths): Problem | null {
  let waiting: Problem | null = null;
  for (const tick of receipt.ticks) {
    const at = Date.parse(tick.time);
    const segment = segments.find(
      (s) => at >= Date.parse(s.chainStartsAt) && at < chainEndsAt(s) && s.epochs.length > 0,
    );
    const epoch = segment?.epochs.find(
      (e) => at >= Date.parse(e.startsAt) && at < Date.parse(e.startsAt) + segment.epochMs,
    );
    if (!segment || !epoch)
      return { reason: `tick ${tick.seq} falls in no epoch of the receipt`, seq: tick.seq };
    const offset = at - Date.parse(epoch.startsAt);
    if (offset % segment.tickMs !== 0)
      return { reason: `tick ${tick.seq} is not on the tick grid`, seq: tick.seq };
    const index = offset / segment.tickMs;
    if (epoch.seed === null) {
      const from = revealedAt(epoch, segment.epochMs);
      waiting ??= { reason: `the prices of epoch ${epoch.index} are checkable from ${from}`, pending: true };
      continue;
    }
    const path = paths.upTo(segment, epoch, index);
    if (!path)
      return { reason: `epoch ${epoch.index}: the seed or the opening price is malformed`, seq: tick.seq };
    const expected = path[index] as bigint;
    const precision = segment.product.precision;
    if (scaledOf(tick.price, precision) !== expected)
      return {
        reason: `tick ${tick.seq}: the seed of epoch ${epoch.index} gives ${formatScaled(expected, precision)} at index ${index}, the tick says ${tick.price}`,
        seq: tick.seq,
      };
  }
  return waiting;
}

/**
 * Each epoch's opening against the last price of the epoch before it, when the receipt holds both:
 * within a chain, and from a predecessor's last epoch to its successor's first.
 */
function openingProblem(segments: readonly Segment[], paths: Paths): Problem | null {
  const pairs: [Segment, ReceiptEpoch, Segment, ReceiptEpoch][] = [];
  for (const [position, segment] of segments.entries()) {
    segment.epochs.forEach((epoch, i) => {
      const next = segment.epochs[i + 1];
      if (next && next.index === epoch.index + 1) pairs.push([segment, epoch, segment, next]);
    });
    const successor = segments[position + 1];
    const last = segment.epochs.at(-1);
    const first = successor?.epochs[0];
    if (successor?.successor && last?.index === segment.chainLength && first?.index === 1)
      pairs.push([segment, last, successor, first]);
  }
  let waiting: Problem | null = null;
  for (const [segment, epoch, laterSegment, later] of pairs) {
    if (epoch.seed === null) {
      const from = revealedAt(epoch, segment.epochMs);
      waiting ??= { reason: `the opening of epoch ${later.index} is checkable from ${from}`, pending: true };
      continue;
    }
    const path = paths.upTo(segment, epoch, segment.epochMs / segment.tickMs - 1);
    const precision = segment.product.precision;
    const close = path?.at(-1);
    if (close === undefined)
      return { reason: `epoch ${epoch.index}: the seed or the opening price is malformed` };
    if (scaledOf(later.opening, precision) !== close) {
      const chain = laterSegment === segment ? "" : " of the successor chain";
      return {
        reason: `epoch ${later.index}${chain} opens at ${later.opening}, epoch ${epoch.index} closed at ${formatScaled(close, precision)}`,
      };
    }
  }
  return waiting;
}

export function priceProblem(receipt: SavedReceipt, segments: readonly Segment[]): Problem | null {
  for (const segment of segments) {
    const problem = productProblem(segment, receipt.contract.symbol);
    if (problem) return problem;
  }
  const paths = new Paths();
  const ticks = tickPriceProblem(receipt, segments, paths);
  if (ticks && !ticks.pending) return ticks;
  return openingProblem(segments, paths) ?? ticks;
}
