import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { IDEMPOTENCY_KEY_WINDOW_MS, idempotencyRetention } from "./idempotency";
import { applyRetention, deleteExpiredBatch, RETENTION_BATCH_SIZE, RetentionJob } from "./retention";

/** The job that runs the rules: batches, running twice or in two processes at once, stopping. */

const t = useTestApp();
const silent = { info() {}, error() {} };
let userId: bigint;

/** `n` Idempotency-Keys of one user, first used `ageMs` ago. */
async function keys(n: number, ageMs: number, prefix: string): Promise<void> {
  const at = new Date(t.clock.now().getTime() - ageMs);
  await sql`insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
    select ${userId}, ${prefix} || g, 'h', 200, '{}'::jsonb, ${at}::timestamptz
    from generate_series(1, ${n}) g`.execute(t.db);
}

async function keysLeft(prefix: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from idempotency_keys where key like ${`${prefix}%`}`.execute(t.db);
  return rows[0]?.n ?? 0;
}

const expiredAge = IDEMPOTENCY_KEY_WINDOW_MS + 60_000;

beforeEach(async () => {
  userId ??= (await registerAndLogin(t)).userId;
  await t.db.deleteFrom("idempotency_keys").execute();
});

describe("retention in batches", () => {
  it("deletes at most one batch per statement, and everything over several", async () => {
    await keys(2 * RETENTION_BATCH_SIZE + 500, expiredAge, "old-");
    await keys(10, 60_000, "new-");
    const now = t.clock.now();
    expect(await deleteExpiredBatch(t.db, idempotencyRetention, now, RETENTION_BATCH_SIZE)).toBe(1000);
    expect(await keysLeft("old-")).toBe(1500);

    const runs = await applyRetention({
      db: t.db,
      clock: t.clock,
      rules: [idempotencyRetention],
      pauseMs: 0,
    });
    expect(runs).toEqual([{ table: "idempotency_keys", deleted: 1500 }]);
    expect(await keysLeft("old-")).toBe(0);
    expect(await keysLeft("new-")).toBe(10);
  });

  it("does nothing more when run again", async () => {
    await keys(30, expiredAge, "old-");
    await keys(5, 0, "new-");
    const rules = [idempotencyRetention];
    const first = await applyRetention({ db: t.db, clock: t.clock, rules, batchSize: 7, pauseMs: 0 });
    const second = await applyRetention({ db: t.db, clock: t.clock, rules, batchSize: 7, pauseMs: 0 });
    expect(first).toEqual([{ table: "idempotency_keys", deleted: 30 }]);
    expect(second).toEqual([{ table: "idempotency_keys", deleted: 0 }]);
    expect(await keysLeft("new-")).toBe(5);
  });

  it("deletes each row once when two processes run it at the same time", async () => {
    await keys(2000, expiredAge, "old-");
    await keys(5, 0, "new-");
    // Each server process has its own job on the one database.
    const job = () =>
      applyRetention({ db: t.db, clock: t.clock, rules: [idempotencyRetention], batchSize: 100, pauseMs: 0 });
    const [a, b] = await Promise.all([job(), job()]);
    expect((a[0]?.deleted ?? 0) + (b[0]?.deleted ?? 0)).toBe(2000);
    expect(await keysLeft("old-")).toBe(0);
    expect(await keysLeft("new-")).toBe(5);
  });

  it("runs in two server processes at once without harm", async () => {
    await keys(3000, expiredAge, "old-");
    await keys(5, 0, "new-");
    const other = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    try {
      await Promise.all([t.app.tickfair.retention.run(), other.tickfair.retention.run()]);
      await Promise.all([t.app.tickfair.retention.run(), other.tickfair.retention.run()]);
    } finally {
      await other.close();
    }
    expect(await keysLeft("old-")).toBe(0);
    expect(await keysLeft("new-")).toBe(5);
  });

  it("stops between statements once the server is stopping", async () => {
    await keys(50, expiredAge, "old-");
    let statements = 0;
    const runs = await applyRetention({
      db: t.db,
      clock: t.clock,
      rules: [idempotencyRetention, idempotencyRetention],
      batchSize: 10,
      pauseMs: 0,
      stopping: () => statements++ >= 2,
    });
    expect(runs).toEqual([{ table: "idempotency_keys", deleted: 20 }]);
    expect(await keysLeft("old-")).toBe(30);
  });

  it("runs as a job that a stop ends with the run in flight", async () => {
    await keys(40, expiredAge, "old-");
    const job = new RetentionJob({
      db: t.db,
      clock: t.clock,
      log: silent,
      rules: [idempotencyRetention],
      batchSize: 10,
      pauseMs: 50,
    });
    job.start();
    await job.stop();
    // The run at start had sent its first statement when the stop came: that batch, and no more.
    expect(await keysLeft("old-")).toBe(30);
    job.start();
    await job.run();
    await job.stop();
    expect(await keysLeft("old-")).toBe(0);
  });

  it("is the server's job, off when its setting is", () => {
    const { retention } = t.app.tickfair;
    expect(retention).toBeInstanceOf(RetentionJob);
    expect(t.config.RETENTION_WORKER_ENABLED).toBe(false);
  });
});
