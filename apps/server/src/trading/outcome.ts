import {
  type Direction,
  type Outcome,
  outcomeOfMove,
  type Result,
  payoutFor as rulePayout,
} from "@tickfair/verify";

/**
 * The pure rules of a rise/fall contract (ARCHITECTURE §5), from the verify package, so the server
 * settles by exactly the rule a receipt is checked with. Prices and money are bigint.
 */

export type { Direction, Outcome, Result };

/** Up wins if the exit is above the entry, down if below; an unchanged price is a draw. */
export function decideOutcome(direction: Direction, entry: bigint, exit: bigint): Outcome {
  return outcomeOfMove(direction, exit === entry ? 0 : exit > entry ? 1 : -1);
}

/**
 * What the user receives at settlement: a win pays stake × (1 + rate) rounded down to the minor unit,
 * a draw or a void returns the stake, a loss pays nothing.
 */
export function payoutFor(stake: bigint, rateBps: number, outcome: Result): bigint {
  if (stake <= 0n) throw new RangeError("a stake is positive");
  if (!Number.isInteger(rateBps) || rateBps < 0)
    throw new RangeError("a payout rate is a whole number of basis points");
  return rulePayout(stake, rateBps, outcome);
}
