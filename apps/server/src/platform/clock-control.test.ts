import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestDb, testConfig } from "../test/harness";
import { ShiftedClock } from "./clock";
import { loadConfig } from "./config";

describe("moving the clock for journeys", () => {
  it("is refused at start outside demo mode", () => {
    expect(() => loadConfig({ CLOCK_CONTROL: "true", DEMO_MODE: "false" })).toThrow(/CLOCK_CONTROL/);
    expect(loadConfig({ CLOCK_CONTROL: "true" }).CLOCK_CONTROL).toBe(true);
  });

  it("moves a shifted clock forward only when asked for, and exists only with CLOCK_CONTROL", async () => {
    const testDb = await createTestDb();
    const clock = new ShiftedClock();
    const on = await buildApp({
      config: testConfig({ CLOCK_CONTROL: true }),
      db: testDb.db,
      clock,
      logger: false,
    });
    const off = await buildApp({ config: testConfig(), db: testDb.db, clock, logger: false });
    try {
      const before = clock.now().getTime();
      const moved = await on.inject({
        method: "POST",
        url: "/api/v1/system/clock",
        payload: { seconds: 86_400 },
      });
      expect(moved.statusCode).toBe(200);
      expect(Date.parse(moved.json().time) - before).toBeGreaterThanOrEqual(86_400_000);
      const backwards = await on.inject({
        method: "POST",
        url: "/api/v1/system/clock",
        payload: { seconds: -60 },
      });
      expect(backwards.statusCode).toBe(400);
      const absent = await off.inject({
        method: "POST",
        url: "/api/v1/system/clock",
        payload: { seconds: 60 },
      });
      expect(absent.statusCode).toBe(404);
    } finally {
      await on.close();
      await off.close();
      await testDb.destroy();
    }
  });
});
