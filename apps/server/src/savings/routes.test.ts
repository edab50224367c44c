import type { SavingsMoveResponse, SavingsRecordPage, SavingsSummary } from "@tickfair/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { userBalances } from "../ledger";
import { key, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Shanghai time (the default platform zone, UTC+8) as the instant it names. */
const shanghai = (local: string) => new Date(`${local}+08:00`);

const summaryOf = async (auth: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/api/v1/savings", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavingsSummary>();
};

const move = (
  direction: "in" | "out",
  auth: Record<string, string>,
  amount: string,
  idempotencyKey = key(),
) => postWithKey(t.app, `/api/v1/savings/move-${direction}`, auth, { amount }, idempotencyKey);

const records = async (auth: Record<string, string>, query = "") => {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/v1/savings/records${query}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavingsRecordPage>();
};

beforeEach(() => {
  t.clock.set(shanghai("2026-03-02T10:00:00"));
});

describe("Yu'ebao for a saver", () => {
  it("moves money in as pending, confirms it the next day, pays the day after, and moves it out", async () => {
    const saver = await toppedUpUser(t, "20000.00");
    const moved = await move("in", saver.auth, "10000.00");
    expect(moved.statusCode, moved.body).toBe(201);
    const answer = moved.json<SavingsMoveResponse>();
    expect(answer.record).toMatchObject({ type: "in", amount: "10000.00", confirmsOn: "2026-03-03" });
    expect(answer.summary).toMatchObject({
      total: "10000.00",
      pending: "10000.00",
      confirmed: "0.00",
      available: "10000.00",
      pendingLots: [{ amount: "10000.00", confirmsOn: "2026-03-03" }],
      movesIn: { used: 1, limit: 3, left: 2 },
    });

    // Tuesday: confirmed, nothing earned yet (Monday it was pending).
    t.clock.set(shanghai("2026-03-03T09:00:00"));
    expect(await summaryOf(saver.auth)).toMatchObject({
      confirmed: "10000.00",
      pending: "0.00",
      pendingLots: [],
      yesterdayIncome: "0.00",
      movesIn: { used: 0, left: 3 },
    });

    // Wednesday: Tuesday's income, floor(1,000,000 × 2 % / 365) = 54 minor units.
    t.clock.set(shanghai("2026-03-04T09:00:00"));
    const wednesday = await summaryOf(saver.auth);
    expect(wednesday).toMatchObject({
      total: "10000.54",
      confirmed: "10000.54",
      yesterdayIncome: "0.54",
      totalIncome: "0.54",
      annualRate: "2.00",
      incomePerTenThousand: "0.54",
    });

    const out = await move("out", saver.auth, "10000.54");
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json<SavingsMoveResponse>().summary).toMatchObject({ total: "0.00", available: "20000.54" });
    expect((await userBalances(t.db, saver.userId)).cash).toBe(2_000_054n);

    const page = await records(saver.auth);
    expect(page.items.map((r) => [r.type, r.amount, r.incomeDate, r.confirmsOn])).toEqual([
      ["out", "10000.54", null, null],
      ["income", "0.54", "2026-03-03", null],
      ["confirmation", "10000.00", null, null],
      ["in", "10000.00", null, "2026-03-03"],
    ]);
    expect((await records(saver.auth, "?type=income")).items).toHaveLength(1);
  });

  it("confirms a move at 15:00 platform time the day after next, and one at 14:59:59.999 the next day", async () => {
    const saver = await toppedUpUser(t, "100.00");
    t.clock.set(shanghai("2026-03-02T14:59:59.999"));
    const before = await move("in", saver.auth, "10.00");
    expect(before.json<SavingsMoveResponse>().record.confirmsOn).toBe("2026-03-03");
    t.clock.set(shanghai("2026-03-02T15:00:00.000"));
    const after = await move("in", saver.auth, "10.00");
    expect(after.json<SavingsMoveResponse>().record.confirmsOn).toBe("2026-03-04");
    expect(after.json<SavingsMoveResponse>().summary.pendingLots.map((lot) => lot.confirmsOn)).toEqual([
      "2026-03-03",
      "2026-03-04",
    ]);
  });

  it("takes pending shares first when moving out, the lot confirming last first", async () => {
    const saver = await toppedUpUser(t, "1000.00");
    await move("in", saver.auth, "100.00");
    t.clock.set(shanghai("2026-03-03T10:00:00"));
    await move("in", saver.auth, "50.00");
    await move("in", saver.auth, "30.00");
    // Now: 100.00 confirmed, 80.00 pending for 2026-03-04.
    const out = await move("out", saver.auth, "90.00");
    expect(out.statusCode, out.body).toBe(201);
    expect(out.json<SavingsMoveResponse>().summary).toMatchObject({
      confirmed: "90.00",
      pending: "0.00",
      pendingLots: [],
    });
    // Wednesday: Tuesday's income on the 90.00 left confirmed at Tuesday's end.
    t.clock.set(shanghai("2026-03-04T10:00:00"));
    expect(await summaryOf(saver.auth)).toMatchObject({ yesterdayIncome: "0.00", confirmed: "90.00" });
  });

  it("allows three moves in a day; twenty at once give exactly three", async () => {
    const saver = await toppedUpUser(t, "1000.00");
    const answers = await Promise.all(Array.from({ length: 20 }, () => move("in", saver.auth, "10.00")));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error.code)).toEqual(
      Array(17).fill("SAVINGS_DAILY_LIMIT_REACHED"),
    );
    expect((await summaryOf(saver.auth)).total).toBe("30.00");
    t.clock.advance(DAY);
    expect((await move("in", saver.auth, "10.00")).statusCode).toBe(201);
  });

  it("answers a retry with the same Idempotency-Key once, and moves the money once", async () => {
    const saver = await toppedUpUser(t, "100.00");
    const sameKey = key();
    const [first, second] = await Promise.all([
      move("in", saver.auth, "40.00", sameKey),
      move("in", saver.auth, "40.00", sameKey),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    expect(first?.json()).toEqual(second?.json());
    expect((await summaryOf(saver.auth)).total).toBe("40.00");
    expect((await summaryOf(saver.auth)).movesIn.used).toBe(1);
  });

  it("refuses bad moves with a code and changes nothing", async () => {
    const saver = await toppedUpUser(t, "100.00");
    const cases: [string, "in" | "out", string | number | null, number, string][] = [
      ["more than available", "in", "100.01", 400, "INSUFFICIENT_BALANCE"],
      ["below the minimum", "in", "0.99", 400, "AMOUNT_BELOW_MINIMUM"],
      ["above the maximum", "in", "1000000.00", 400, "AMOUNT_ABOVE_MAXIMUM"],
      ["zero", "in", "0.00", 400, "AMOUNT_INVALID"],
      ["three decimals", "in", "1.001", 400, "AMOUNT_INVALID"],
      ["a number", "in", 10, 400, "AMOUNT_INVALID"],
      ["negative", "out", "-5.00", 400, "AMOUNT_INVALID"],
      ["out of nothing", "out", "1.00", 400, "INSUFFICIENT_BALANCE"],
    ];
    for (const [what, direction, amount, status, code] of cases) {
      const answer = await postWithKey(t.app, `/api/v1/savings/move-${direction}`, saver.auth, { amount });
      expect([what, answer.statusCode, answer.json().error.code]).toEqual([what, status, code]);
    }
    const noKey = await postWithKey(t.app, "/api/v1/savings/move-in", saver.auth, { amount: "1.00" }, null);
    expect(noKey.json().error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const anonymous = await t.app.inject({ method: "POST", url: "/api/v1/savings/move-in", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await summaryOf(saver.auth)).toMatchObject({
      total: "0.00",
      available: "100.00",
      movesIn: { used: 0 },
    });
    expect((await records(saver.auth)).items).toEqual([]);
  });

  it("publishes the rules from the live configuration, to anyone", async () => {
    const rules = await t.app.inject({ method: "GET", url: "/api/v1/savings/rules" });
    expect(rules.statusCode).toBe(200);
    expect(rules.json()).toMatchObject({
      timeZone: "Asia/Shanghai",
      settings: { cutOff: "15:00", moveIn: { perDay: 3 } },
      rate: { annualRate: "2.00" },
      incomePerTenThousand: "0.54",
      sevenDayYield: "1.971",
      upcomingRate: null,
    });
  });

  it("shows the last 30 days of income, oldest first", async () => {
    const saver = await toppedUpUser(t, "1000.00");
    await move("in", saver.auth, "1000.00");
    t.clock.advance(3 * DAY);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/savings/history",
      headers: saver.auth,
    });
    const days = response.json<{ items: { date: string; income: string }[] }>().items;
    expect(days).toHaveLength(30);
    expect(days.slice(-3)).toEqual([
      expect.objectContaining({ date: "2026-03-02", income: "0.00" }),
      expect.objectContaining({ date: "2026-03-03", income: "0.05" }),
      expect.objectContaining({ date: "2026-03-04", income: "0.05" }),
    ]);
  });
});
