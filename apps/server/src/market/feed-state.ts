import type { ProductStatus } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { effectiveStatus } from "./schedule";

export interface FeedState {
  symbol: string;
  status: ProductStatus;
  reopensAt: Date | null;
  /** The time of the product's latest tick; null before its first. */
  lastTickAt: Date | null;
}

/**
 * Each product's status now and its latest tick's time, for the operators' dashboard: one lateral
 * lookup of the newest tick per product through the ticks' primary key (symbol, seq).
 */
export function feedStatesQuery(db: Executor) {
  return db
    .selectFrom("products as p")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("ticks as t")
          .select("t.time")
          .whereRef("t.symbol", "=", "p.symbol")
          .orderBy("t.seq", "desc")
          .limit(1)
          .as("head"),
      (join) => join.onTrue(),
    )
    .select(["p.symbol", "p.schedule", "p.status", "p.reopens_at", "head.time"])
    .orderBy("p.sort_order")
    .orderBy("p.symbol");
}

export async function feedStates(db: Executor, now: Date): Promise<FeedState[]> {
  const rows = await feedStatesQuery(db).execute();
  return rows.map((row) => {
    const status = effectiveStatus(
      { schedule: row.schedule, status: row.status, reopensAt: row.reopens_at },
      now,
    );
    return { symbol: row.symbol, status: status.status, reopensAt: status.reopensAt, lastTickAt: row.time };
  });
}
