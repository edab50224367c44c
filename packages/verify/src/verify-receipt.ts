import { decimalsOf, formatScaled, minorOf, scaledOf } from "./decimal";
import { outcomeOf } from "./outcome";
import { payoutFor } from "./payout";
import type { ContractTickRef, ReceiptTick, SavedReceipt, TickSources } from "./receipt";
import { receiptProblem } from "./receipt";
import { tickHash } from "./tick-hash";
import { type Problem, priceProblem, seedProblem, segmentsOf } from "./verify-commitment";

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
