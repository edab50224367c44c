import type { Executor } from "../platform/db";

/** The newest audit entry of an action (its time and detail), or undefined when there is none. */
export function latestAuditOf(
  db: Executor,
  action: string,
): Promise<{ created_at: Date; detail: unknown } | undefined> {
  return db
    .selectFrom("audit_log")
    .select(["created_at", "detail"])
    .where("action", "=", action)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
