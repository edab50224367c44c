import { type Contract, fromMinor, toMinor } from "@tickfair/contract";
import { outcomeOf, payoutFor } from "@tickfair/verify";

export interface Estimate {
  result: "win" | "lose" | "draw";
  /** payout − stake as a wire amount ("8.00", "-10.00", "0.00"). */
  profit: string;
}

/**
 * What an open position would come to if it closed at `price`, by the rule settlement and receipts use
 * (the verify package); null while it has no entry price or no price is known yet.
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
