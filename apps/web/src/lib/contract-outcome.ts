import {
  type Contract,
  type ContractDirection,
  type ContractResult,
  fromMinor,
  toMinor,
  winPayout,
} from "@tickfair/contract";

const PRICE = /^(\d+)(?:\.(\d+))?$/;

/** Compares two decimal price strings exactly (any number of decimals, no float): -1, 0 or 1. */
export function comparePrices(a: string, b: string): -1 | 0 | 1 {
  const x = PRICE.exec(a);
  const y = PRICE.exec(b);
  if (!x || !y) throw new RangeError(`not a price: ${JSON.stringify(x ? b : a)}`);
  const width = Math.max(x[2]?.length ?? 0, y[2]?.length ?? 0);
  const scaled = (m: RegExpExecArray) => BigInt((m[1] ?? "0") + (m[2] ?? "").padEnd(width, "0"));
  const left = scaled(x);
  const right = scaled(y);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** ARCHITECTURE §5: up wins if exit > entry, down wins if exit < entry, equal prices are a draw. */
export function outcomeOf(
  direction: ContractDirection,
  entryPrice: string,
  exitPrice: string,
): "win" | "lose" | "draw" {
  const move = comparePrices(exitPrice, entryPrice);
  if (move === 0) return "draw";
  return move > 0 === (direction === "up") ? "win" : "lose";
}

/** What the user receives: a win stake × (1 + rate) rounded down, a draw or void the stake, a loss nothing. */
export function payoutFor(stake: bigint, payoutRateBps: number, result: ContractResult): bigint {
  if (result === "win") return winPayout(stake, payoutRateBps);
  if (result === "lose") return 0n;
  return stake;
}

export interface Estimate {
  result: "win" | "lose" | "draw";
  /** payout − stake as a wire amount ("8.00", "-10.00", "0.00"). */
  profit: string;
}

/**
 * What an open position would come to if it closed at `price`; null while it has no entry price or
 * no price is known yet.
 */
export function estimateAt(
  contract: Pick<Contract, "direction" | "stake" | "payoutRateBps" | "entry">,
  price: string | null,
): Estimate | null {
  if (!contract.entry || price === null) return null;
  const result = outcomeOf(contract.direction, contract.entry.price, price);
  const stake = toMinor(contract.stake);
  return { result, profit: fromMinor(payoutFor(stake, contract.payoutRateBps, result) - stake) };
}
