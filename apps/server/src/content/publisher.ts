import { sql } from "kysely";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";

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

/** Looks for due versions every `intervalMs`; runs never overlap in one process. */
export class ContentPublisher {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: { db: Db; clock: Clock; log: { error(object: unknown, message: string): void } },
    private readonly intervalMs = 15_000,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.run(), this.intervalMs);
    this.#timer.unref();
    void this.run();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    while (this.#running) await this.#running;
  }

  run(): Promise<unknown> {
    this.#running ??= publishDueContent(this.deps.db, this.deps.clock.now())
      .catch((error: unknown) => this.deps.log.error({ err: error }, "content: publishing failed"))
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }
}
