import { describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { ensureFixedInviteCode, register } from "../auth";
import { demoTopUp } from "../cashier";
import { ManualClock } from "../platform/clock";
import { createTestDb, testConfig } from "../test/harness";

describe("the snapshot worker", () => {
  it("takes yesterday's snapshot at start, once, with two server processes on one database", async () => {
    const testDb = await createTestDb();
    const apps: App[] = [];
    try {
      const clock = new ManualClock("2026-03-03T12:00:00+08:00");
      await ensureFixedInviteCode(testDb.db, { code: "WORKER26", note: "test", at: clock.now() });
      for (const n of [1, 2, 3]) {
        const user = await register(testDb.db, clock, {
          account: `worker${n}`,
          phoneCountry: "CN",
          nationality: "CN",
          phone: `1390000000${n}`,
          inviteCode: "WORKER26",
          password: "secret-pass1",
          passwordConfirm: "secret-pass1",
          payPassword: "246810",
          payPasswordConfirm: "246810",
        });
        await testDb.db.transaction().execute((tx) => demoTopUp(tx, user.id, BigInt(n) * 100n, clock.now()));
      }
      clock.set("2026-03-04T00:02:00+08:00");
      const config = testConfig({ SOLVENCY_WORKER_ENABLED: true, PLATFORM_TZ: "Asia/Shanghai" });
      for (let i = 0; i < 2; i++) {
        const app = await buildApp({ config, db: testDb.db, clock, logger: false });
        apps.push(app);
        await app.ready();
      }
      // Each process's first run started when it became ready; wait for both.
      await Promise.all(apps.map((app) => app.tickfair.solvency.run()));
      const snapshots = await testDb.db.selectFrom("solvency_snapshots").selectAll().execute();
      expect(snapshots.map((row) => [row.day, row.users, row.total_minor])).toEqual([
        ["2026-03-03", 3, 600n],
      ]);
      const leaves = await testDb.db.selectFrom("solvency_leaves").select("user_id").execute();
      expect(leaves).toHaveLength(3);
    } finally {
      for (const app of apps) await app.close();
      await testDb.destroy();
    }
  });
});
