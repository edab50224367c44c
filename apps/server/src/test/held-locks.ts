import { sql } from "kysely";
import type { Db, Tx } from "../platform/db";

/**
 * Takes locks in a transaction of its own, as another request or worker would, and keeps them until
 * `release` is called; `done` settles when that transaction has ended.
 */
export async function holdLocks(
  db: Db,
  lock: (tx: Tx) => Promise<void>,
): Promise<{ release: () => void; done: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = db.transaction().execute(async (tx) => {
    await lock(tx);
    holding();
    await released;
  });
  await Promise.race([held, done]);
  return { release, done };
}

/** How many sessions of the test database wait for a lock (PostgreSQL). */
export async function sessionsWaitingForLocks(db: Db): Promise<number | undefined> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
  return rows[0]?.waiting;
}
