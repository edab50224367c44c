import { decimalsOf, formatScaled, minorOf, scaledOf } from "./decimal";
import { outcomeOf } from "./outcome";
import { payoutFor } from "./payout";
import type {
  ContractTickRef,
  ReceiptEpoch,
  ReceiptFairness,
  ReceiptTick,
  SavedReceipt,
  TickSources,
} from "./receipt";
import { receiptProblem } from "./receipt";
import { seedLeadsTo } from "./seed-chain";
import { fromHex } from "./sha256";
import { MAX_STEP_VOLATILITY_PPM, PATH_ALGORITHM, type PathParams, pathTick } from "./synthetic-path";
import { tickHash } from "./tick-hash";

/**
 * What a receipt's checks establish:
 * - format: it has a receipt's shape (when it does not, this is the only check);
 * - hashes: every tick's hash is the SHA-256 of its fields (tickHashInput);
 * - links: each tick is the product's next one and names the previous tick's hash;
 * - entry / exit: the ticks start at the contract's entry tick and end at its exit tick;
 * - timing: the entry came after acceptance, expiry = entry time + duration, the exit not after expiry;
 * - result: the result follows from the entry and exit prices and the direction (void without an exit);
 * - payout: the payout and the profit follow from the stake, the rate and the result;
 * - seeds (synthetic): each epoch's seed hashes down to its chain's anchor in `index` steps, on the
 *   chain's schedule and within its length; a successor chain starts where its predecessor ends;
 * - prices (synthetic): each tick's price is the path recomputed from its epoch's seed and opening,
 *   and each epoch opens at the last price of the one before it (a successor's first epoch at its
 *   predecessor's last) when the receipt holds both;
 * - sources (real feed): each tick's price is the median of the trades it cites.
 */
export type ReceiptCheckName =
  | "format"
  | "hashes"
  | "links"
  | "entry"
  | "exit"
  | "timing"
  | "result"
  | "payout"
  | "seeds"
  | "prices"
  | "sources";

export interface ReceiptCheck {
  name: ReceiptCheckName;
  ok: boolean;
  /**
   * Not failed but not checkable yet: an epoch's seed is revealed when the epoch ends (`reason` says
   * when); a receipt fetched after that checks it. Never set with a failure found elsewhere.
   */
  pending: boolean;
  /** Why it failed or waits, in plain words naming the tick or the epoch; null when it passed. */
  reason: string | null;
  /** The first tick found wrong, when a tick is to blame. */
  seq: string | null;
}

export interface ReceiptVerification {
  /** Every check passed. */
  ok: boolean;
  /** Nothing failed, but some check waits for a seed to be revealed. */
  pending: boolean;
  /** How many ticks were recomputed. */
  ticks: number;
  checks: ReceiptCheck[];
}

interface Problem {
  reason: string;
  seq?: string | null;
  /** Waiting for a seed rather than wrong. */
  pending?: boolean;
}

const passed = (name: ReceiptCheckName): ReceiptCheck => ({
  name,
  ok: true,
  pending: false,
  reason: null,
  seq: null,
});
const failed = (name: ReceiptCheckName, reason: string, seq: string | null = null): ReceiptCheck => ({
  name,
  ok: false,
  pending: false,
  reason,
  seq,
});
/** A check from its first problem: null passes. */
const checkOf = (name: ReceiptCheckName, problem: Problem | null): ReceiptCheck =>
  problem
    ? { ...failed(name, problem.reason, problem.seq ?? null), pending: problem.pending ?? false }
    : passed(name);

const revealedAt = (epoch: ReceiptEpoch, epochMs: number) =>
  new Date(Date.parse(epoch.startsAt) + epochMs).toISOString();

const sameTick = (tick: ContractTickRef | undefined, expected: ContractTickRef) =>
  tick !== undefined &&
  tick.seq === expected.seq &&
  tick.time === expected.time &&
  tick.price === expected.price &&
  tick.hash === expected.hash;

function badHash(receipt: SavedReceipt) {
  const { symbol } = receipt.contract;
  for (const tick of receipt.ticks) {
    if (tickHash({ ...tick, symbol }) !== tick.hash)
      return { reason: `tick ${tick.seq}: the hash does not match its fields`, seq: tick.seq };
  }
  return null;
}

function brokenLink(ticks: readonly ReceiptTick[]) {
  let previous: ReceiptTick | undefined;
  for (const tick of ticks) {
    if (previous && BigInt(tick.seq) !== BigInt(previous.seq) + 1n)
      return { reason: `tick ${tick.seq} does not follow tick ${previous.seq}`, seq: tick.seq };
    if (previous && tick.prevHash !== previous.hash)
      return { reason: `tick ${tick.seq} does not link to the hash of tick ${previous.seq}`, seq: tick.seq };
    previous = tick;
  }
  return null;
}

function timingProblem({ contract }: SavedReceipt) {
  const { entry, exit, expiresAt, acceptedAt } = contract;
  if (!entry) return expiresAt === null ? null : { reason: "an expiry without an entry tick" };
  if (expiresAt === null) return { reason: "an entry tick without an expiry" };
  const entryAt = Date.parse(entry.time);
  const expiry = Date.parse(expiresAt);
  if (!(entryAt > Date.parse(acceptedAt)))
    return { reason: "the entry tick is not after the order was accepted" };
  if (expiry !== entryAt + contract.durationSeconds * 1000)
    return { reason: "the expiry is not the entry time plus the duration" };
  if (exit && Date.parse(exit.time) > expiry) return { reason: "the exit tick is after the expiry" };
  return null;
}

function resultProblem({ contract }: SavedReceipt) {
  const { entry, exit, result, direction } = contract;
  let expected: string;
  try {
    expected = entry && exit ? outcomeOf(direction, entry.price, exit.price) : "void";
  } catch {
    return { reason: "the entry or exit price is not a decimal" };
  }
  return result === expected
    ? null
    : { reason: `the prices make it ${expected}, the receipt says ${result}` };
}

function payoutProblem({ contract }: SavedReceipt) {
  const stake = minorOf(contract.stake);
  const payout = minorOf(contract.payout);
  const profit = minorOf(contract.profit);
  if (stake === null || stake <= 0n || payout === null || profit === null)
    return { reason: "the stake, payout or profit is not an amount" };
  const expected = payoutFor(stake, contract.payoutRateBps, contract.result);
  if (payout !== expected) return { reason: `a ${contract.result} pays ${formatScaled(expected, 2)}` };
  if (profit !== payout - stake) return { reason: "the profit is not the payout less the stake" };
  return null;
}

/** A chain's commitment as the checks read it: a version 1 receipt's one chain, of unknown length. */
interface Segment extends ReceiptFairness {
  chainLength: number | null;
  successor: boolean;
}

/** The receipt's chains, oldest first, whatever its version; null when its prices are not committed. */
function segmentsOf(receipt: SavedReceipt): Segment[] | null {
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
function seedProblem(segments: readonly Segment[]): Problem | null {
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

function priceProblem(receipt: SavedReceipt, segments: readonly Segment[]): Problem | null {
  for (const segment of segments) {
    const problem = productProblem(segment, receipt.contract.symbol);
    if (problem) return problem;
  }
  const paths = new Paths();
  const ticks = tickPriceProblem(receipt, segments, paths);
  if (ticks && !ticks.pending) return ticks;
  return openingProblem(segments, paths) ?? ticks;
}

/**
 * The median of the cited trade prices, rounded half-up at `decimals`: the middle one, or the mean of
 * the middle two for an even count.
 */
export function medianPrice(prices: readonly string[], decimals: number): string | null {
  if (prices.length === 0) return null;
  const width = Math.max(decimals, ...prices.map(decimalsOf)) + 1;
  const scaled = prices.map((p) => scaledOf(p, width));
  if (scaled.some((v) => v === null || v < 0n)) return null;
  const sorted = (scaled as bigint[]).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = sorted.length >> 1;
  const upper = sorted[middle] as bigint;
  const median2 = sorted.length % 2 === 1 ? upper * 2n : upper + (sorted[middle - 1] as bigint);
  // median2 is twice the median at `width` decimals; half-up at `decimals`.
  const unit = 2n * 10n ** BigInt(width - decimals);
  return formatScaled((median2 + unit / 2n) / unit, decimals);
}

function sourceProblem(receipt: SavedReceipt) {
  const sources = receipt.sources;
  if (!sources) return null;
  const bySeq = new Map<string, TickSources>(sources.map((s) => [s.seq, s]));
  for (const tick of receipt.ticks) {
    const cited = bySeq.get(tick.seq);
    if (!cited || cited.trades.length === 0)
      return { reason: `tick ${tick.seq} cites no trade`, seq: tick.seq };
    const median = medianPrice(
      cited.trades.map((t) => t.price),
      decimalsOf(tick.price),
    );
    if (median !== tick.price)
      return {
        reason: `tick ${tick.seq}: the cited trades' median is ${median}, the tick says ${tick.price}`,
        seq: tick.seq,
      };
  }
  return null;
}

/**
 * Recomputes everything a receipt claims (see ReceiptCheckName), on this device, with no network.
 * `ok` only when every check passes.
 */
export function verifyReceipt(value: unknown): ReceiptVerification {
  const problem = receiptProblem(value);
  if (problem) return { ok: false, pending: false, ticks: 0, checks: [failed("format", problem)] };
  const receipt = value as SavedReceipt;
  const { ticks, contract } = receipt;
  const { entry, exit } = contract;
  const checks: ReceiptCheck[] = [];
  if (entry) {
    checks.push(checkOf("hashes", badHash(receipt)));
    checks.push(checkOf("links", brokenLink(ticks)));
    const first = ticks[0];
    checks.push(
      sameTick(first, entry)
        ? passed("entry")
        : failed("entry", "the ticks do not start at the entry tick", first?.seq ?? entry.seq),
    );
    const last = ticks.at(-1);
    // Without an exit (void) the ticks run to expiry; with one, the chain must end exactly there.
    const exitHolds = exit ? sameTick(last, exit) : contract.result === "void";
    checks.push(
      exitHolds ? passed("exit") : failed("exit", "the ticks do not end at the exit tick", last?.seq ?? null),
    );
  } else {
    // No entry tick arrived in time: nothing was priced, so no tick may be shown as if it were.
    const none = ticks.length === 0 && exit === null;
    checks.push(
      none ? passed("entry") : failed("entry", "ticks without an entry tick", ticks[0]?.seq ?? null),
    );
  }
  checks.push(checkOf("timing", timingProblem(receipt)));
  checks.push(checkOf("result", resultProblem(receipt)));
  checks.push(checkOf("payout", payoutProblem(receipt)));
  const segments = segmentsOf(receipt);
  if (segments) {
    checks.push(checkOf("seeds", seedProblem(segments)));
    checks.push(checkOf("prices", priceProblem(receipt, segments)));
  }
  if (receipt.sources) checks.push(checkOf("sources", sourceProblem(receipt)));
  const wrong = checks.filter((c) => !c.ok);
  return {
    ok: wrong.length === 0,
    pending: wrong.length > 0 && wrong.every((c) => c.pending),
    ticks: entry ? ticks.length : 0,
    checks,
  };
}
