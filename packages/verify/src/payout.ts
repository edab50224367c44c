import type { Result } from "./outcome";

const BASIS_POINTS = 10_000n;

/** What a winning stake pays: stake × (1 + rate), rounded down to the minor unit. */
export function winPayout(stake: bigint, rateBps: number): bigint {
  if (!Number.isInteger(rateBps) || rateBps < 0)
    throw new RangeError("a rate is a whole number of basis points");
  // Both factors are non-negative, so bigint division (which truncates) is a floor.
  return (stake * (BASIS_POINTS + BigInt(rateBps))) / BASIS_POINTS;
}

/** What the user receives: a win stake × (1 + rate) rounded down, a draw or void the stake, a loss nothing. */
export function payoutFor(stake: bigint, rateBps: number, result: Result): bigint {
  if (result === "win") return winPayout(stake, rateBps);
  if (result === "lose") return 0n;
  return stake;
}
