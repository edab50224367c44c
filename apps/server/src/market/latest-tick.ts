import type { Executor } from "../platform/db";

/** The product's newest recorded tick (none before its first). */
export function latestTick(db: Executor, symbol: string) {
  return db
    .selectFrom("ticks")
    .select(["seq", "price"])
    .where("symbol", "=", symbol)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}
