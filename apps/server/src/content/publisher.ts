import { sql } from "kysely";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { PeriodicJob } from "../platform/periodic-job";

/**
 * Publishes the versions whose time has come, each exactly once whichever process gets to it: a claim
 * skips rows another transaction holds, and a version once published can never be published again
 * (migrations/0020_content.sql). Answers how many it published.
 */
export async function publishDueContent(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ document_id: bigint }>`
      with due as (
        select id from content_versions
        where published_at is null and publish_at <= ${now}::timestamptz
        order by publish_at, id
        limit 100
        for update skip locked
      )
      update content_versions v set published_at = ${now}::timestamptz
      from due where v.id = due.id
      returning v.document_id`.execute(tx);
    if (rows.length === 0) return 0;
    await tx
      .updateTable("content_documents")
      .set({ first_published_at: now })
      .where(
        "id",
        "in",
        rows.map((row) => row.document_id),
      )
      .where("first_published_at", "is", null)
      .execute();
    return rows.length;
  });
}

/** Looks for due versions every `intervalMs` (and at start). */
export function contentPublisher(
  deps: { db: Db; clock: Clock; log: { error(object: unknown, message: string): void } },
  intervalMs = 15_000,
): PeriodicJob {
  return new PeriodicJob({
    name: "content publisher",
    runOnce: () => publishDueContent(deps.db, deps.clock.now()),
    intervalMs,
    log: deps.log,
  });
}
