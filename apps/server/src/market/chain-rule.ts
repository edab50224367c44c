import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { chainEndsAt } from "./fairness-chain";
import { chainAt, readChains } from "./fairness-store";

/**
 * Whether a seed chain commits `symbol`'s simulated prices at `now`: one has started, has not ended,
 * and names the product. Without one the simulator has no committed path to play, so its prices
 * would be nobody's promise.
 */
export async function chainCovers(m: Executor, symbol: string, now: Date): Promise<boolean> {
  const chain = chainAt(await readChains(m), now.getTime());
  return (
    chain !== null &&
    now.getTime() < chainEndsAt(chain) &&
    chain.products.some((product) => product.symbol === symbol)
  );
}

/**
 * The console's side of the feed's start-up rule: a simulated product opens, or is given back to the
 * simulator, only while a chain commits its prices (FAIRNESS_CHAIN_MISSING otherwise).
 */
export async function requireChainFor(m: Executor, symbol: string, now: Date): Promise<void> {
  if (!(await chainCovers(m, symbol, now))) throw new AppError("FAIRNESS_CHAIN_MISSING");
}
