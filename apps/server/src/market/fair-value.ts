import type { ProductDuration } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { chainAt, readChains } from "./fairness-store";
import { latestTick } from "./latest-tick";
import { type Odds, returnPer100, type StepModel, simulatorOdds } from "./odds";
import { formatScaled } from "./prices";
import { durationsOf, findProduct } from "./service";

export interface FairSide {
  win: number;
  draw: number;
  per100: string;
}

/** A product's durations with what each returns per 100 at fair odds, where a model describes it. */
export interface FairValues {
  symbol: string;
  model: "simulator" | "none";
  modelPrice: string | null;
  durations: (ProductDuration & { fair: { up: FairSide; down: FairSide } | null })[];
}

/**
 * A price to four significant digits: the odds depend on it only through a tick's size in units, which
 * that moves by under 0.05 %, far below what shows in a figure to the cent.
 */
export function modelUnits(price: bigint): bigint {
  const digits = price.toString().length;
  if (digits <= 4) return price;
  const unit = 10n ** BigInt(digits - 4);
  return ((price + unit / 2n) / unit) * unit;
}

const MEMO_LIMIT = 2_000;
const memo = new Map<string, Odds>();

/**
 * The odds at a price rounded by modelUnits, remembered: the route is public and an exact sum costs
 * milliseconds, so a request seldom pays for one.
 */
export function memoOdds(model: StepModel, ticks: number): Odds {
  const units = modelUnits(model.priceUnits);
  const key = `${model.stepVolatilityPpm}|${ticks}|${units}`;
  let odds = memo.get(key);
  if (!odds) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    odds = simulatorOdds({ priceUnits: units, stepVolatilityPpm: model.stepVolatilityPpm }, ticks);
    memo.set(key, odds);
  }
  return odds;
}

/**
 * What 100 staked returns on average on each of a product's durations, at the odds the simulator's
 * published rule gives from the latest price (odds.ts). A real market's prices follow no model the
 * platform could claim: it gets none, and so does a simulated product no chain prices yet.
 */
export async function fairValues(db: Executor, symbol: string, now: Date): Promise<FairValues> {
  const product = await findProduct(db, symbol);
  const durations = (await durationsOf(db, [product.symbol])).get(product.symbol) ?? [];
  const none: FairValues = {
    symbol: product.symbol,
    model: "none",
    modelPrice: null,
    durations: durations.map((d) => ({ ...d, fair: null })),
  };
  if (product.source !== "simulated") return none;
  const chain = chainAt(await readChains(db), now.getTime());
  const params = chain?.products.find((p) => p.symbol === product.symbol);
  const last = await latestTick(db, product.symbol);
  const price = last?.price ?? params?.openingPrice ?? null;
  if (!chain || !params || price === null) return none;
  const model = { priceUnits: price, stepVolatilityPpm: params.stepVolatilityPpm };
  return {
    symbol: product.symbol,
    model: "simulator",
    modelPrice: formatScaled(price, product.price_precision),
    durations: durations.map((d) => {
      // The exit is the tick `seconds` after the entry tick: that many ticks' moves apart.
      const odds = memoOdds(model, Math.max(1, Math.floor((d.seconds * 1000) / chain.tickMs)));
      const side = (win: number) => ({
        win,
        draw: odds.draw,
        per100: returnPer100(win, odds.draw, d.payoutRateBps),
      });
      return { ...d, fair: { up: side(odds.up), down: side(odds.down) } };
    }),
  };
}
