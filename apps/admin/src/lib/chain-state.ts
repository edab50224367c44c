import type { Fairness } from "@tickfair/contract";

/**
 * What the console must say of the synthetic markets' chain: none was ever made, the chain playing
 * has ended with no successor (either way synthetic products cannot open, and the server refuses
 * to), it ends soon with no successor published, or all is well.
 */
export type ChainState =
  | { kind: "none" }
  | { kind: "ended"; endedAt: string }
  | { kind: "endsSoon"; endsAt: string }
  | { kind: "playing"; endsAt: string };

/** A successor published later than this before the end leaves users too little time to note its anchor. */
export const WARN_BEFORE_END_MS = 7 * 24 * 60 * 60_000;

export const chainEndsAt = (chain: Fairness): string =>
  new Date(Date.parse(chain.startsAt) + chain.chainLength * chain.epochSeconds * 1000).toISOString();

/** The state of `chain` (null: none recorded) at `now`. */
export function chainState(chain: Fairness | null, now: number): ChainState {
  if (!chain) return { kind: "none" };
  const endsAt = chainEndsAt(chain);
  // The public page speaks of the chain playing, else the first to come: a successor that has
  // started is the chain itself, so an ended one here has none in force.
  if (Date.parse(endsAt) <= now) return { kind: "ended", endedAt: endsAt };
  if (!chain.nextChain && Date.parse(endsAt) - now < WARN_BEFORE_END_MS) return { kind: "endsSoon", endsAt };
  return { kind: "playing", endsAt };
}
