import type { Executor } from "../platform/db";

/**
 * Contracts past their expiry that are still open, and the earliest expiry among them: what
 * settlement has yet to do. Read on each metrics scrape (docs/monitoring).
 */
export async function settlementBacklog(
  db: Executor,
  now: Date,
): Promise<{ due: number; oldestExpiryAt: Date | null }> {
  const row = await db
    .selectFrom("contracts")
    .select((eb) => [eb.fn.countAll<string>().as("due"), eb.fn.min("expiry_at").as("oldest")])
    .where("status", "=", "open")
    .where("expiry_at", "<=", now)
    .executeTakeFirst();
  return { due: Number(row?.due ?? 0), oldestExpiryAt: row?.oldest ?? null };
}
