import type { ChainVerification, ContractDetail, ContractTick, Tick } from "@tickfair/contract";
import { isMoneyString, toMinor } from "@tickfair/contract";
import { outcomeOf, payoutFor } from "./contract-outcome";

/**
 * What a user can check of a closed contract on their own device, from what the server served:
 * - hashes: every tick's hash is the SHA-256 of `${prevHash}|${symbol}|${seq}|${time}|${price}`
 *   (the rule at TICK_GENESIS_HASH in the contract package);
 * - links: each tick is the product's next tick and names the previous tick's hash as its prevHash;
 * - entry / exit: the chain starts at the contract's entry tick and ends at its exit tick;
 * - timing: the entry came after acceptance, expiry = entry time + duration, the exit not after expiry;
 * - result: the result follows from the entry and exit prices and the direction (void without an exit);
 * - payout: the payout and the P&L follow from the stake, the rate and the result.
 */
export type CheckName = "hashes" | "links" | "entry" | "exit" | "timing" | "result" | "payout";

export interface Check {
  name: CheckName;
  ok: boolean;
  /** The first tick found wrong, when a tick is to blame. */
  seq: string | null;
}

export interface ContractVerification {
  ok: boolean;
  /** How many tick hashes were recomputed. */
  ticks: number;
  checks: Check[];
}

export type Sha256Hex = (text: string) => Promise<string>;

/** The text a tick's hash is computed over. */
export function tickHashInput(tick: Pick<Tick, "prevHash" | "symbol" | "seq" | "time" | "price">): string {
  return `${tick.prevHash}|${tick.symbol}|${tick.seq}|${tick.time}|${tick.price}`;
}

/** Whether this page may use crypto.subtle (browsers offer it only on HTTPS and localhost). */
export function browserCanHash(): boolean {
  return typeof crypto !== "undefined" && crypto.subtle !== undefined;
}

/** Lowercase hex SHA-256 of the UTF-8 text, computed by the browser (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const SEQ = /^\d{1,18}$/;
const isClosed = (contract: ContractDetail) => contract.status === "settled" || contract.status === "void";
const sameTick = (tick: Tick | undefined, expected: ContractTick) =>
  tick !== undefined &&
  tick.seq === expected.seq &&
  tick.time === expected.time &&
  tick.price === expected.price &&
  tick.hash === expected.hash;
const check = (name: CheckName, ok: boolean, seq: string | null = null): Check => ({
  name,
  ok,
  seq: ok ? null : seq,
});

async function firstBadHash(ticks: readonly Tick[], hash: Sha256Hex): Promise<string | null> {
  for (const tick of ticks) {
    if ((await hash(tickHashInput(tick))) !== tick.hash) return tick.seq;
  }
  return null;
}

function firstBrokenLink(contract: ContractDetail): string | null {
  let previous: Tick | undefined;
  for (const tick of contract.ticks) {
    if (tick.symbol !== contract.symbol || !SEQ.test(tick.seq)) return tick.seq;
    if (previous && (BigInt(tick.seq) !== BigInt(previous.seq) + 1n || tick.prevHash !== previous.hash))
      return tick.seq;
    previous = tick;
  }
  return null;
}

function timingHolds(contract: ContractDetail): boolean {
  const { entry, exit, expiresAt } = contract;
  if (!entry) return expiresAt === null;
  if (expiresAt === null) return false;
  const entryAt = Date.parse(entry.time);
  const expiry = Date.parse(expiresAt);
  if (!(entryAt > Date.parse(contract.acceptedAt))) return false;
  if (expiry !== entryAt + contract.durationSeconds * 1000) return false;
  return exit === null || Date.parse(exit.time) <= expiry;
}

function resultHolds(contract: ContractDetail): boolean {
  const { entry, exit } = contract;
  if (!isClosed(contract)) return false;
  try {
    const expected = entry && exit ? outcomeOf(contract.direction, entry.price, exit.price) : "void";
    return contract.result === expected;
  } catch {
    // A price that is not a decimal decides nothing.
    return false;
  }
}

function payoutHolds(contract: ContractDetail): boolean {
  const { payout, profit, result } = contract;
  if (result === null || payout === null || profit === null) return false;
  if (!isMoneyString(payout) || !isMoneyString(profit)) return false;
  const stake = toMinor(contract.stake);
  const expected = payoutFor(stake, contract.payoutRateBps, result);
  return toMinor(payout) === expected && toMinor(profit) === expected - stake;
}

/**
 * Checks a closed contract against its ticks (see CheckName). `hash` is the SHA-256 to use, the
 * browser's by default; null where the browser offers none (plain HTTP), which leaves the hashes to
 * the server's check. The ticks must run from the entry to the exit: a contract whose list the server
 * cut short needs the rest fetched first.
 */
export async function verifyContract(
  contract: ContractDetail,
  hash: Sha256Hex | null = sha256Hex,
): Promise<ContractVerification> {
  const { ticks, entry, exit } = contract;
  const checks: Check[] = [];
  if (entry) {
    if (hash) {
      const badHash = await firstBadHash(ticks, hash);
      checks.push(check("hashes", badHash === null, badHash));
    }
    const brokenLink = firstBrokenLink(contract);
    checks.push(check("links", brokenLink === null, brokenLink));
    checks.push(check("entry", sameTick(ticks[0], entry), ticks[0]?.seq ?? entry.seq));
    const last = ticks.at(-1);
    // Without an exit (void) the ticks run to expiry; with one, the chain must end exactly there.
    checks.push(check("exit", exit ? sameTick(last, exit) : contract.result === "void", last?.seq ?? null));
  } else {
    // No entry tick arrived in time: nothing was priced, so no tick may be shown as if it were.
    checks.push(check("entry", ticks.length === 0 && exit === null, ticks[0]?.seq ?? null));
  }
  checks.push(check("timing", timingHolds(contract)));
  checks.push(check("result", resultHolds(contract)));
  checks.push(check("payout", payoutHolds(contract)));
  return { ok: checks.every((c) => c.ok), ticks: entry && hash ? ticks.length : 0, checks };
}

/**
 * Whether the server's recomputation vouches for the whole range `fromSeq`..`toSeq`: intact, and
 * checked to the end (it stops early at a mismatch or at the product's latest tick). `seq`: where it
 * stopped short.
 */
export function serverCheckHolds(
  result: ChainVerification,
  fromSeq: string,
  toSeq: string,
): { ok: boolean; seq: string | null } {
  if (!result.valid || result.firstMismatchSeq !== null)
    return { ok: false, seq: result.firstMismatchSeq ?? result.toSeq };
  const expected = BigInt(toSeq) - BigInt(fromSeq) + 1n;
  const complete =
    result.fromSeq === fromSeq && result.toSeq === toSeq && BigInt(result.checked) === expected;
  return complete ? { ok: true, seq: null } : { ok: false, seq: result.toSeq };
}
