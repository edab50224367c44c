import type { Contract, OperatorDashboard, StatementPage } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { riskExposure } from "./console/risk";
import { feedTick } from "./market/testing";
import { recordTicks } from "./market/ticks";
import { liabilitiesNow } from "./solvency/snapshot";
import { bindBankCard, key, operatorAuth, postWithdrawal, postWithKey } from "./test/cashier-fixtures";
import { at, BTC, contractKit } from "./test/contract-kit";
import { putLimit, registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";
import { quoted } from "./test/trading-fixtures";
import { tradingDayFigures, userTradingUsage } from "./trading";

// Practice money is nobody's money: every figure of real money reads as if practice did not exist.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order } = contractKit(t);

const practice = async (auth: Record<string, string>, body: Record<string, unknown>) =>
  postWithKey(t.app, "/api/v1/practice/contracts", auth, await quoted(t, body), key());
const openPractice = (auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/v1/practice/account", headers: auth });

/** Practice orders of `auth`'s user, up and down, placed and (`settleThem`) settled: one wins, one loses. */
async function tradePractice(auth: Record<string, string>, settleThem: boolean): Promise<Contract[]> {
  const start = t.clock.now();
  const placed = await Promise.all(
    (["up", "down"] as const).map((direction) => practice(auth, order({ direction, stake: "700.00" }))),
  );
  for (const answer of placed) expect(answer.statusCode, answer.body).toBe(201);
  if (settleThem) {
    await recordTicks(t.db, [feedTick(BTC, at(start, 500), 9_000_000n)]);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 60_500), 9_100_000n),
      feedTick(BTC, at(start, 61_000), 1n),
    ]);
    t.clock.set(at(start, 61_000));
    await settle();
  }
  return placed.map((answer) => answer.json<Contract>());
}

describe("practice money, apart from real money", () => {
  it("cannot be withdrawn, saved, staked as real money or read in the user's statement", async () => {
    nextHour();
    const user = await registerAndLogin(t);
    await bindBankCard(t.app, user.auth);
    expect((await openPractice(user.auth)).json()).toMatchObject({ available: "10000.00" });

    const refusals = [
      await postWithdrawal(t.app, user.auth, {
        amount: "100.00",
        payPassword: user.registration.payPassword,
      }),
      await postWithKey(t.app, "/api/v1/savings/move-in", user.auth, { amount: "100.00" }, key()),
      await place(user.auth, order({ stake: "100.00" })),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe("INSUFFICIENT_BALANCE");
    }
    const admin = await operatorAuth(t, "admin");
    const statement = await t.app.inject({
      url: `/api/v1/operator/users/${user.userId}/statement`,
      headers: admin.headers,
    });
    expect(statement.json<StatementPage>().items).toEqual([]);
  });

  it("counts toward no stake limit and no limit's usage", async () => {
    nextHour();
    const user = await fundedUser("1000.00");
    expect((await putLimit(t.app, user.auth, "stake_day", "50.00")).statusCode).toBe(200);
    await tradePractice(user.auth, true);
    expect(await userTradingUsage(t.db, user.userId, t.clock.now(), "UTC")).toMatchObject({
      staked: { day: 0n, "7d": 0n, "30d": 0n },
      lost: { day: 0n, "7d": 0n, "30d": 0n },
    });
    const real = await place(user.auth, order({ stake: "60.00" }));
    expect(real.json().error.code).toBe("STAKE_LIMIT_DAY_REACHED");
  });

  it("moves no exposure total, cap or risk figure", async () => {
    nextHour();
    const admin = await operatorAuth(t, "admin");
    const capped = await t.app.inject({
      method: "PUT",
      url: `/api/v1/operator/risk/caps/${encodeURIComponent(BTC)}`,
      headers: admin.headers,
      payload: { up: "0.01", down: "0.01", perUser: "0.01", reason: "practice must pass any cap" },
    });
    expect(capped.statusCode, capped.body).toBe(200);
    const before = await riskExposure(t.db, t.clock.now());
    const totals = () =>
      sql<{
        placed: string;
      }>`select coalesce(sum(payout), 0)::text as placed from trading_exposure_placed`.execute(t.db);
    const placedBefore = (await totals()).rows[0]?.placed;
    const user = await registerAndLogin(t);
    await tradePractice(user.auth, false);
    expect(await riskExposure(t.db, t.clock.now())).toEqual(before);
    expect((await totals()).rows[0]?.placed).toBe(placedBefore);
    await sql`delete from trading_exposure_caps`.execute(t.db);
  });

  it("is in no user's liability, no dashboard figure and no day's trading figures", async () => {
    nextHour();
    const admin = await operatorAuth(t, "admin");
    const dashboard = async () => {
      const answer = await t.app.inject({ url: "/api/v1/operator/dashboard", headers: admin.headers });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<OperatorDashboard>();
    };
    const day = {
      from: new Date(t.clock.now().getTime() - 86_400_000),
      to: new Date(t.clock.now().getTime() + 86_400_000),
    };
    const user = await fundedUser("10.00");
    const liabilities = await liabilitiesNow(t.db);
    const figures = await tradingDayFigures(t.db, day.from, day.to);
    const board = await dashboard();

    await tradePractice(user.auth, true);

    expect(await liabilitiesNow(t.db)).toEqual(liabilities);
    expect(await tradingDayFigures(t.db, day.from, day.to)).toEqual(figures);
    const after = await dashboard();
    expect(after.today).toEqual(board.today);
  });
});
