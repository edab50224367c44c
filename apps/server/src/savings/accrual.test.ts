import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { userBalances } from "../ledger";
import { onPostgres } from "../market/testing";
import { key, operatorAuth, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { holdLocks, sessionsWaitingForLocks } from "../test/held-locks";
import { accrueDueSavings, accrueHeldSavers, lockSaver } from "./accrual";
import { readRateHistory } from "./rates";

const t = useTestApp();
const DAY = 24 * 3_600_000;
const shanghai = (local: string) => new Date(`${local}+08:00`);

async function saverWith(amount: string) {
  const saver = await toppedUpUser(t, amount);
  const moved = await postWithKey(t.app, "/api/v1/savings/move-in", saver.auth, { amount }, key());
  expect(moved.statusCode, moved.body).toBe(201);
  return saver;
}

const accrue = (yesterday: string, batchSize = 500) =>
  accrueDueSavings(t.db, { yesterday, batchSize, now: () => t.clock.now() });

const accruals = (userId: bigint) =>
  t.db
    .selectFrom("savings_accruals")
    .select(["day", "shares", "income", "annual_rate_ppm"])
    .where("user_id", "=", userId)
    .orderBy("day")
    .execute();

const postingCount = async () =>
  Number((await sql<{ n: string }>`select count(*)::text as n from postings`.execute(t.db)).rows[0]?.n);

beforeEach(() => {
  t.clock.set(shanghai("2026-03-02T10:00:00"));
});

describe("the accrual job", () => {
  it("catches up three missed days in date order, compounding, each at its own day's rate", async () => {
    const saver = await saverWith("100000.00");
    // A rate of 3.65 % from 2026-03-05 on, scheduled in time by an admin.
    const admin = await operatorAuth(t, "admin");
    const scheduled = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/savings/rates",
      headers: admin.headers,
      payload: { annualRate: "3.65", effectiveFrom: "2026-03-05", reason: "Quarterly review" },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);

    // Nothing ran for days: on 2026-03-06 the job pays 03-03, 03-04 and 03-05 in that order.
    t.clock.set(shanghai("2026-03-06T00:05:00"));
    await accrue("2026-03-05");
    // 03-02 pending (no row); 03-03: floor(10,000,000 × 2 % / 365) = 547; 03-04 on 10,000,547: 547;
    // 03-05 at 3.65 % on 10,001,094: floor(10,001,094 × 36,500 / 365,000,000) = 1,000.
    expect(await accruals(saver.userId)).toEqual([
      { day: "2026-03-03", shares: 10_000_000n, income: 547n, annual_rate_ppm: 20_000 },
      { day: "2026-03-04", shares: 10_000_547n, income: 547n, annual_rate_ppm: 20_000 },
      { day: "2026-03-05", shares: 10_001_094n, income: 1_000n, annual_rate_ppm: 36_500 },
    ]);
    expect((await userBalances(t.db, saver.userId)).savings_confirmed).toBe(10_002_094n);

    // A second run for the same days, and a restart of the job, change nothing.
    const before = await postingCount();
    expect(await accrue("2026-03-05")).toEqual({ steps: 0, savers: 0 });
    expect(await postingCount()).toBe(before);
  });

  it("does not skip a saver who started yesterday, nor one whose shares are all pending", async () => {
    t.clock.set(shanghai("2026-03-02T16:00:00"));
    const late = await saverWith("1000.00"); // after the cut-off: confirms 03-04
    t.clock.set(shanghai("2026-03-03T10:00:00"));
    const fresh = await saverWith("1000.00"); // confirms 03-04
    t.clock.set(shanghai("2026-03-05T00:01:00"));
    await accrue("2026-03-04");
    for (const saver of [late, fresh]) {
      expect(await accruals(saver.userId)).toEqual([
        { day: "2026-03-04", shares: 100_000n, income: 5n, annual_rate_ppm: 20_000 },
      ]);
      const progress = await t.db
        .selectFrom("savers")
        .select("accrued_through")
        .where("user_id", "=", saver.userId)
        .executeTakeFirstOrThrow();
      expect(progress.accrued_through).toBe("2026-03-04");
    }
  });

  it("pays through a leap day", async () => {
    t.clock.set(shanghai("2028-02-27T10:00:00"));
    const saver = await saverWith("36500.00");
    t.clock.set(shanghai("2028-03-02T01:00:00"));
    // The saver's own page pays them first (the job would pay every earlier test's savers for two years).
    const page = await t.app.inject({ method: "GET", url: "/api/v1/savings", headers: saver.auth });
    expect(page.statusCode).toBe(200);
    expect((await accruals(saver.userId)).map((row) => row.day)).toEqual([
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
  });

  it.skipIf(!onPostgres())(
    "pays a day on the shares confirmed by the step that held the saver just before",
    async () => {
      const saver = await saverWith("1000.00");
      // Through 03-04, as the job's other tests here leave their savers.
      t.clock.set(shanghai("2026-03-05T00:01:00"));
      // A worker pays 03-02 (nothing confirmed yet) and confirms the shares, holding the saver...
      const worker = await holdLocks(t.db, async (tx) => {
        const held = await lockSaver(tx, saver.userId);
        if (!held) throw new Error("the saver exists");
        await accrueHeldSavers(tx, [held], await readRateHistory(tx), t.clock.now());
      });
      // ...while the saver's page waits to pay 03-03 and 03-04, on the shares just confirmed.
      const page = t.app.inject({ method: "GET", url: "/api/v1/savings", headers: saver.auth });
      await expect.poll(() => sessionsWaitingForLocks(t.db)).toBe(1);
      worker.release();
      await worker.done;
      expect((await page).statusCode).toBe(200);
      expect(await accruals(saver.userId)).toEqual([
        { day: "2026-03-03", shares: 100_000n, income: 5n, annual_rate_ppm: 20_000 },
        { day: "2026-03-04", shares: 100_005n, income: 5n, annual_rate_ppm: 20_000 },
      ]);
    },
  );

  it("pays each saver's day once with two workers at once", async () => {
    const savers = [];
    for (let i = 0; i < 12; i++) savers.push(await saverWith(`${1000 + i}.00`));
    t.clock.set(shanghai("2026-03-05T00:01:00"));
    const runs = await Promise.all([accrue("2026-03-04", 3), accrue("2026-03-04", 3)]);
    // Three steps each (03-02 with nothing confirmed yet, 03-03, 03-04), whichever worker took them.
    expect(runs[0].savers + runs[1].savers).toBe(36);
    const rows = await sql<{ user_id: bigint; days: string }>`
      select user_id, count(*)::text as days from savings_accruals
      where user_id = any(${`{${savers.map((s) => s.userId).join(",")}}`}::bigint[]) group by user_id`.execute(
      t.db,
    );
    expect(rows.rows.map((row) => row.days)).toEqual(Array(12).fill("2"));
  });

  it("pays a saver their missed days before their own move, so a day's income is on that day's shares", async () => {
    const saver = await saverWith("10000.00");
    // The job has not run since: on 03-05 the saver moves everything out.
    t.clock.set(shanghai("2026-03-05T09:00:00"));
    const out = await postWithKey(
      t.app,
      "/api/v1/savings/move-out",
      saver.auth,
      { amount: "10000.00" },
      key(),
    );
    expect(out.statusCode, out.body).toBe(201);
    expect((await accruals(saver.userId)).map((row) => [row.day, row.income])).toEqual([
      ["2026-03-03", 54n],
      ["2026-03-04", 54n],
    ]);
    expect((await userBalances(t.db, saver.userId)).savings_confirmed).toBe(108n);
    t.clock.advance(DAY);
    await accrue("2026-03-05");
    // 1.08 left earns nothing on 03-05 (floor), but the day is recorded as paid.
    expect((await accruals(saver.userId)).at(-1)).toMatchObject({ day: "2026-03-05", income: 0n });
  });
});
