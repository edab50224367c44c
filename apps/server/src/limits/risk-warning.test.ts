import type { RiskWarningResponse } from "@tickfair/contract";
import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { openContract, placeAndSettle } from "../test/trading-fixtures";
import { settledNetCounts } from "../trading";
import { settledNetQuery } from "../trading/risk-figure-source";
import { computeRiskFigure, refreshRiskFigure } from "./risk-figure";

// The platform's day is Asia/Shanghai's (UTC+8): 2026-01-10 begins at 2026-01-09T16:00Z.
const t = useTestApp({
  PLATFORM_TZ: "Asia/Shanghai",
  RISK_FIGURE_WORKER_ENABLED: false,
  RISK_WARNING_MIN_USERS: 4,
  // The users trade over months without signing in again.
  SESSION_IDLE_DAYS: 365,
});
const deps = () => ({ db: t.db, clock: t.clock, timeZone: "Asia/Shanghai", settledNet: settledNetCounts });

type Auth = Record<string, string>;

/**
 * A 10.00 BTC/USDT "up" contract of `auth`'s user opened at `at`, settled 62 s later (its settlement
 * time): the exit above the entry wins, below it loses.
 */
async function tradeAndSettle(auth: Auth, at: string, outcome: "win" | "lose") {
  t.clock.set(at);
  const { settled } = await placeAndSettle(t, auth, outcome === "win" ? 9_200_000n : 9_000_000n);
  expect(settled.map((contract) => contract.result)).toEqual([outcome]);
}

const riskWarning = async () => {
  const answer = await t.app.inject({ url: "/api/v1/risk-warning" });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};
const storedFigures = () =>
  t.db
    .selectFrom("risk_figures")
    .select(["computed_on", "users", "users_with_loss"])
    .orderBy("computed_on")
    .execute();

describe("the risk warning's figure", () => {
  it("counts users' net results over the 90 platform days before its day, stored once a day", async () => {
    const none = await riskWarning();
    expect(none.json()).toEqual({ figure: null });
    expect(none.headers["cache-control"]).toBe("public, max-age=300");

    const [a, b, c, d, h, e, g] = await Promise.all(
      Array.from({ length: 7 }, () => toppedUpUser(t, "100.00")),
    );
    if (!a || !b || !c || !d || !h || !e || !g) throw new Error("users");
    // A loses on 9 January, 23:57 in Shanghai: the day before the 90 days of 10 April's figure.
    await tradeAndSettle(a.auth, "2026-01-09T15:56:00Z", "lose");
    // B loses on 10 January, 00:01 in Shanghai (still 9 January in UTC): the first of those days.
    await tradeAndSettle(b.auth, "2026-01-09T16:00:00Z", "lose");

    // 10 January's figure counts A alone: fewer users than the minimum, so the app shows its text.
    t.clock.set("2026-01-10T02:00:00Z");
    expect(await refreshRiskFigure(deps())).toBe(true);
    expect(await storedFigures()).toEqual([{ computed_on: "2026-01-10", users: 1, users_with_loss: 1 }]);
    expect((await riskWarning()).json()).toEqual({ figure: null });

    // A's win alone is in the period (A lost in sum only with the day before it); C only wins; D wins
    // once and loses twice; H loses on 9 April, 23:58 in Shanghai, the period's last minutes.
    await tradeAndSettle(a.auth, "2026-02-01T03:00:00Z", "win");
    await tradeAndSettle(c.auth, "2026-02-02T03:00:00Z", "win");
    await tradeAndSettle(d.auth, "2026-02-03T03:00:00Z", "win");
    await tradeAndSettle(d.auth, "2026-02-03T04:00:00Z", "lose");
    await tradeAndSettle(d.auth, "2026-02-03T05:00:00Z", "lose");
    await tradeAndSettle(h.auth, "2026-04-09T15:57:00Z", "lose");
    // E loses and B wins on 10 April, in Shanghai: the figure's own day, not in its period.
    await tradeAndSettle(e.auth, "2026-04-09T16:00:00Z", "lose");
    await tradeAndSettle(b.auth, "2026-04-09T16:10:00Z", "win");
    // G's contract of the same day stays open: an unknown result counts for nobody.
    t.clock.set("2026-04-09T16:20:00Z");
    await openContract(t, async (order) => {
      const placed = await postWithKey(t.app, "/api/v1/trading/contracts", g.auth, order);
      expect(placed.statusCode, placed.body).toBe(201);
      return placed.json<{ id: string }>().id;
    });

    t.clock.set("2026-04-10T01:00:00Z");
    expect(await refreshRiskFigure(deps())).toBe(true);
    const figure = {
      lostShare: 0.6,
      usersWithLoss: 3,
      users: 5,
      computedOn: "2026-04-10",
      periodFrom: "2026-01-10",
      periodTo: "2026-04-09",
      periodDays: 90,
    };
    expect((await riskWarning()).json()).toEqual({ figure });

    // The next day's period has lost B's loss and gained E's loss and B's win (G's contract is still
    // open), but the answer is the stored day's until the next is stored: requests never compute it.
    t.clock.set("2026-04-11T01:00:00Z");
    const nextDay = { computedOn: "2026-04-11", users: 6, usersWithLoss: 3 };
    expect(await computeRiskFigure(t.db, t.clock.now(), "Asia/Shanghai", settledNetCounts)).toEqual(nextDay);
    expect((await riskWarning()).json()).toEqual({ figure });
    await t.app.tickfair.riskFigures.run();
    expect((await riskWarning()).json<RiskWarningResponse>().figure).toMatchObject({
      ...nextDay,
      lostShare: 0.5,
      periodFrom: "2026-01-11",
      periodTo: "2026-04-10",
    });

    // Once stored, a day's figure stays: a later run stores nothing, and the table refuses changes.
    expect(await refreshRiskFigure(deps())).toBe(false);
    await expect(sql`update risk_figures set users = 1000`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from risk_figures`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it("stores one row when several processes compute the day's figure at once", async () => {
    t.clock.set("2026-04-12T01:00:00Z");
    const stored = await Promise.all(Array.from({ length: 4 }, () => refreshRiskFigure(deps())));
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect((await storedFigures()).filter((row) => row.computed_on === "2026-04-12")).toHaveLength(1);
  });

  it("reads the settled contracts through an index, never a scan of the table", async () => {
    const compiled = settledNetQuery(
      new Date("2026-01-09T16:00:00Z"),
      new Date("2026-04-09T16:00:00Z"),
    ).compile(t.db);
    await t.db.connection().execute(async (connection) => {
      // With a table this small the planner would scan it anyway; off, it scans only where no index serves.
      await connection.executeQuery(CompiledQuery.raw("set enable_seqscan = off"));
      try {
        const plan = await connection.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
        );
        const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
        expect(text).toMatch(/Index Only Scan using contracts_closed_at on contracts/);
      } finally {
        await connection.executeQuery(CompiledQuery.raw("reset enable_seqscan"));
      }
    });
  });
});
