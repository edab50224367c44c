import { winPayout } from "@tickfair/contract";

/** The pure rules of a rise/fall contract (ARCHITECTURE §5). No I/O, no numbers: prices and money are bigint. */

export type Direction = "up" | "down";
export type Outcome = "win" | "lose" | "draw";
export type Result = Outcome | "void";

/** Up wins if the exit is above the entry, down if below; an unchanged price is a draw. */
export function decideOutcome(direction: Direction, entry: bigint, exit: bigint): Outcome {
  if (exit === entry) return "draw";
  const rose = exit > entry;
  return rose === (direction === "up") ? "win" : "lose";
}

/**
 * What the user receives at settlement: a win pays stake × (1 + rate) rounded down to the minor unit,
 * a draw or a void returns the stake, a loss pays nothing.
 */
export function payoutFor(stake: bigint, rateBps: number, outcome: Result): bigint {
  if (stake <= 0n) throw new RangeError("a stake is positive");
  if (!Number.isInteger(rateBps) || rateBps < 0)
    throw new RangeError("a payout rate is a whole number of basis points");
  switch (outcome) {
    case "win":
      return winPayout(stake, rateBps);
    case "draw":
    case "void":
      return stake;
    case "lose":
      return 0n;
  }
}
