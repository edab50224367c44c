import { type ExpectedValue, REALIZED_RETURN_PERIOD_DAYS } from "@tickfair/contract";
import { fairValues } from "../market";
import type { Executor } from "../platform/db";
import { latestRealizedReturns, per100 } from "./realized-returns";

/**
 * For each of a product's durations: what 100 staked returns on average at fair odds (the market's
 * model, where one describes the product) and what the platform's users actually got back per 100
 * over the latest stored period, with how many settled contracts that is.
 */
export async function expectedValue(
  db: Executor,
  symbol: string,
  now: Date,
  minContracts: number,
): Promise<ExpectedValue> {
  const fair = await fairValues(db, symbol, now);
  const realized = await latestRealizedReturns(db, fair.symbol);
  return {
    symbol: fair.symbol,
    model: fair.model,
    modelPrice: fair.modelPrice,
    durations: fair.durations.map((d) => {
      const figure = realized?.byDuration.get(d.seconds);
      const contracts = figure?.contracts ?? 0;
      return {
        seconds: d.seconds,
        payoutRateBps: d.payoutRateBps,
        fair: d.fair,
        realized: {
          contracts,
          per100: figure && contracts >= minContracts ? per100(figure.returned, figure.staked) : null,
        },
      };
    }),
    realizedOn: realized?.computedOn ?? null,
    periodFrom: realized?.periodFrom ?? null,
    periodTo: realized?.periodTo ?? null,
    periodDays: REALIZED_RETURN_PERIOD_DAYS,
    minContracts,
  };
}
