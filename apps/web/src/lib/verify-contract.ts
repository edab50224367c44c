import type { ChainVerification, ContractDetail } from "@tickfair/contract";
import {
  isReceipt,
  type ReceiptCheck,
  type ReceiptVerification,
  type SavedReceipt,
  verifyReceipt,
} from "@tickfair/verify";

/**
 * What the phone checks of a closed contract, all on this device with the verify package (its own
 * SHA-256, so plain HTTP and offline work too): every check of the receipt (see ReceiptCheckName) and,
 * for a receipt the server just served, `shown` — that it is the receipt of the contract on screen.
 */
export type CheckName = ReceiptCheck["name"] | "shown";

export interface Check extends Omit<ReceiptCheck, "name"> {
  name: CheckName;
}

export interface ContractVerification extends Omit<ReceiptVerification, "checks"> {
  checks: Check[];
}

const SHOWN: Check = { name: "shown", ok: true, pending: false, reason: null, seq: null };
const TERMS = [
  "id",
  "symbol",
  "direction",
  "stake",
  "durationSeconds",
  "payoutRateBps",
  "acceptedAt",
] as const;
const OUTCOME = ["expiresAt", "result", "payout", "profit"] as const;
const sameTick = (a: { seq: string; hash: string } | null, b: { seq: string; hash: string } | null) =>
  a === b || (a !== null && b !== null && a.seq === b.seq && a.hash === b.hash);

/**
 * Verifies the receipt the server served for the contract on screen: the receipt's own checks, and
 * that its terms, ticks and outcome are the ones the page shows (a receipt of anything else proves
 * nothing about this contract).
 */
export function verifyShownContract(contract: ContractDetail, receipt: unknown): ContractVerification {
  const verification = verifyReceipt(receipt);
  if (!isReceipt(receipt)) return verification;
  const served = receipt.contract;
  const same =
    [...TERMS, ...OUTCOME].every((field) => served[field] === contract[field]) &&
    sameTick(served.entry, contract.entry) &&
    sameTick(served.exit, contract.exit);
  if (same) return { ...verification, checks: [...verification.checks, { ...SHOWN, ok: true }] };
  return {
    ...verification,
    ok: false,
    pending: false,
    checks: [
      ...verification.checks,
      { ...SHOWN, ok: false, reason: "the receipt is of another contract than the one shown" },
    ],
  };
}

/** Verifies a receipt read from a file the user saved: its own checks only. */
export function verifySavedReceipt(text: string): ContractVerification {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const notJson: Check = { name: "format", ok: false, pending: false, reason: "not JSON", seq: null };
    return { ok: false, pending: false, ticks: 0, checks: [notJson] };
  }
  return verifyReceipt(value);
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

/**
 * When the receipt's last unrevealed epoch ends, revealing its seed; null when none waits. Of every
 * chain a version 2 receipt names, or the one chain of a version 1 receipt someone saved.
 */
export function revealsAt(receipt: SavedReceipt | null): string | null {
  const fairness = receipt?.fairness ?? null;
  const segments = fairness === null ? [] : Array.isArray(fairness) ? fairness : [fairness];
  let latest: number | null = null;
  for (const segment of segments)
    for (const epoch of segment.epochs) {
      const end = Date.parse(epoch.startsAt) + segment.epochMs;
      if (epoch.seed === null && (latest === null || end > latest)) latest = end;
    }
  return latest === null ? null : new Date(latest).toISOString();
}
