import { sql } from "kysely";
import type { Executor } from "../platform/db";

/**
 * Savers whose income has not been paid through yesterday (`today` is the platform's date): the
 * accrual worker's backlog, read on each metrics scrape (docs/monitoring).
 */
export async function unpaidSavers(db: Executor, today: string): Promise<number> {
  const row = await db
    .selectFrom("savers")
    .select((eb) => eb.fn.countAll<string>().as("behind"))
    .where(sql<boolean>`accrued_through < ${today}::date - 1`)
    .executeTakeFirst();
  return Number(row?.behind ?? 0);
}
