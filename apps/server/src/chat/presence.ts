import { sql } from "kysely";
import type { Executor } from "../platform/db";

/**
 * A presence row not refreshed for this long no longer counts: the operator closed the desk, or the
 * process that held their desk's socket went away. Three refreshes long, so one late refresh is no gap.
 */
export const PRESENCE_LAPSES_MS = 90_000;
/** How often each process refreshes the rows of the desks open on its sockets and rechecks presence. */
export const PRESENCE_REFRESH_MS = 30_000;

/** These operators are at the chat desk now (it is open, or they just wrote to a user). */
export async function markPresent(db: Executor, operatorIds: readonly bigint[], now: Date): Promise<void> {
  const unique = [...new Set(operatorIds)];
  if (unique.length === 0) return;
  await db
    .insertInto("support_presence")
    .values(unique.map((operator_id) => ({ operator_id, seen_at: now })))
    .onConflict((conflict) =>
      conflict.column("operator_id").doUpdateSet({
        seen_at: sql`greatest(support_presence.seen_at, excluded.seen_at)`,
      }),
    )
    .execute();
}

/** Whether someone of support is online at `now`: a presence row refreshed within the lapse. */
export async function supportOnline(db: Executor, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("support_presence")
    .select("operator_id")
    .where("seen_at", ">", new Date(now.getTime() - PRESENCE_LAPSES_MS))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
