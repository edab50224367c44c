import { z } from "zod";
import { isoTime } from "./common";
import { platformDay } from "./list-query";

/** A SHA-256 digest as lowercase hex: a tree node's hash, a root. */
export const digestHex = z.string().regex(/^[0-9a-f]{64}$/);

/** A non-negative integer of minor units (cents), as decimal digits: nothing lost to formatting. */
export const minorUnits = z.string().regex(/^(0|[1-9]\d*)$/);

/** One day's published liabilities: the Merkle-sum root over every user's balance and its total. */
export const solvencyRoot = z.object({
  day: platformDay,
  root: digestHex,
  totalMinor: minorUnits,
  users: z.number().int().min(0),
  takenAt: isoTime,
  /** The reserves attestation an auditor or a bank signed for that day, if the console uploaded one. */
  attestation: z.object({ url: z.string(), name: z.string(), uploadedAt: isoTime }).nullable(),
});
export type SolvencyRoot = z.infer<typeof solvencyRoot>;

/** `GET /solvency`: the latest snapshot (null before the first day closes) and every root, newest first. */
export const solvency = z.object({
  latest: solvencyRoot.nullable(),
  history: z.array(solvencyRoot),
});
export type Solvency = z.infer<typeof solvency>;

/** One step from the leaf up: the sibling's hash and sum, and the side it stands on. */
export const solvencyPathStep = z.object({
  hash: digestHex,
  sumMinor: minorUnits,
  side: z.enum(["left", "right"]),
});
export type SolvencyPathStep = z.infer<typeof solvencyPathStep>;

/** `GET /solvency/proof`: the signed-in user's leaf in the latest snapshot and its path to the root. */
export const solvencyProof = z.object({
  day: platformDay,
  root: digestHex,
  totalMinor: minorUnits,
  nonce: digestHex,
  balanceMinor: minorUnits,
  path: z.array(solvencyPathStep),
});
export type SolvencyProof = z.infer<typeof solvencyProof>;

// ── Withdrawals' timelines and the published payout times ─────────────────────────────────────────

/** A step of a withdrawal, in the order they happen. */
export const WITHDRAWAL_STEP_KINDS = [
  "requested",
  "picked_up",
  "approved",
  "rejected",
  "cancelled",
  "paid",
] as const;
export const withdrawalStepKind = z.enum(WITHDRAWAL_STEP_KINDS);
export type WithdrawalStepKind = z.infer<typeof withdrawalStepKind>;

export const withdrawalStep = z.object({
  kind: withdrawalStepKind,
  at: isoTime,
  /** A rejection's reason; null otherwise. */
  reason: z.string().nullable(),
  /** The payment reference the operator entered when it was paid; null otherwise. */
  reference: z.string().nullable(),
});
export type WithdrawalStep = z.infer<typeof withdrawalStep>;

/** `GET /cashier/payout-stats`: withdrawals requested in the last 30 days. */
export const payoutStats = z.object({
  days: z.number().int().positive(),
  withdrawals: z.number().int().min(0),
  paid: z.number().int().min(0),
  /** Seconds from request to paid; null while nothing was paid in the window. */
  medianSeconds: z.number().int().min(0).nullable(),
  p95Seconds: z.number().int().min(0).nullable(),
  /** Rejected ÷ decided, in basis points; null while nothing was decided. */
  rejectedBps: z.number().int().min(0).max(10_000).nullable(),
});
export type PayoutStats = z.infer<typeof payoutStats>;
