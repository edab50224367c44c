import { formatMoney, type SolvencyProof, type SolvencyRoot } from "@tickfair/contract";
import { type LiabilityCheck, verifyLiabilityProof } from "@tickfair/verify";
import { formatCalendarDate } from "./savings-format";

/** Why a proof failed in the phone, as the page names it (verify's problems, one text each). */
export type ProofProblem = Extract<LiabilityCheck, { ok: false }>["problem"];

/**
 * The proof recomputed here, with the verify package's own SHA-256: nothing the server says about the
 * proof is taken on trust, only the leaf, the path and the published root and total.
 */
export function checkProof(proof: SolvencyProof): LiabilityCheck {
  return verifyLiabilityProof(proof);
}

/**
 * Minor units as the wire gives them ("123456") in the locale's money format ("1,234.56"): through
 * bigint, so a platform total past 2^53 cents loses no digit.
 */
export function formatMinor(minor: string, locale: string): string {
  return formatMoney(BigInt(minor), locale);
}

/** The figures of "your balance of … on … is included in the declared total of …", for the locale. */
export function proofStatement(
  proof: Pick<SolvencyProof, "balanceMinor" | "day" | "totalMinor">,
  locale: string,
): { balance: string; day: string; total: string } {
  return {
    balance: formatMinor(proof.balanceMinor, locale),
    day: formatCalendarDate(proof.day, locale),
    total: formatMinor(proof.totalMinor, locale),
  };
}

/** A hash short enough for a line of a phone, both ends kept so it can be matched by eye: "3f9a1c…7be2". */
export function shortHash(hex: string): string {
  return hex.length <= 14 ? hex : `${hex.slice(0, 8)}…${hex.slice(-6)}`;
}

/** One step of the path as the page lists it: from the leaf (1) up to the root. */
export interface PathRow {
  level: number;
  side: "left" | "right";
  sum: string;
  hash: string;
  fullHash: string;
}

export function pathRows(proof: Pick<SolvencyProof, "path">, locale: string): PathRow[] {
  return proof.path.map((step, index) => ({
    level: index + 1,
    side: step.side,
    sum: formatMinor(step.sumMinor, locale),
    hash: shortHash(step.hash),
    fullHash: step.hash,
  }));
}

/** What the page concludes: the path holds and leads to the root and total published for that day. */
export type ProofVerdict = { ok: true } | { ok: false; problem: ProofProblem | "published" };

/**
 * The proof checked in full: recomputed here, and its root and total the very ones published to
 * everyone for that day, so a tree made for one user alone would not pass.
 */
export function proofVerdict(proof: SolvencyProof, published: readonly SolvencyRoot[]): ProofVerdict {
  const check = checkProof(proof);
  if (!check.ok) return check;
  const day = published.find((root) => root.day === proof.day);
  if (day?.root !== proof.root || day.totalMinor !== proof.totalMinor)
    return { ok: false, problem: "published" };
  return { ok: true };
}
