import type { FeedMarket } from "@tickfair/contract";
import type { Executor } from "../platform/db";

/** products.source of a product priced by exchange feeds (the simulator's is "simulated"). */
export const EXCHANGE_SOURCE = "exchanges";

/** Every product's exchange markets, by symbol, in order. */
export async function feedSourcesBySymbol(db: Executor): Promise<Map<string, FeedMarket[]>> {
  const rows = await db
    .selectFrom("product_feed_sources")
    .select(["symbol", "exchange", "instrument"])
    .orderBy("symbol")
    .orderBy("position")
    .execute();
  const bySymbol = new Map<string, FeedMarket[]>();
  for (const row of rows) {
    const list = bySymbol.get(row.symbol) ?? [];
    list.push({ exchange: row.exchange as FeedMarket["exchange"], instrument: row.instrument });
    bySymbol.set(row.symbol, list);
  }
  return bySymbol;
}
