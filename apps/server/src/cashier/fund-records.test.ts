import type { FundRecordPage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { cancelledWithdrawalHistory, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { csvRows, fundRecordsCsv } from "../test/csv-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { stakeOnEther } from "../test/trading-fixtures";

const t = useTestApp();
const downloadCsv = fundRecordsCsv(t);

describe("fund records", () => {
  it("lists every movement of the user's money, newest first, with the balance after each", async () => {
    const { user } = await cancelledWithdrawalHistory(t);

    const page = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records",
      headers: user.auth,
    });
    expect(
      page
        .json()
        .items.map((r: { type: string; amount: string; balanceAfter: string }) => [
          r.type,
          r.amount,
          r.balanceAfter,
        ]),
    ).toEqual([
      ["withdrawal_return", "70.00", "620.00"],
      ["withdrawal", "-70.00", "550.00"],
      ["deposit", "120.00", "620.00"],
      ["demo_grant", "500.00", "500.00"],
    ]);

    const deposits = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records?type=deposit",
      headers: user.auth,
    });
    expect(deposits.json().items).toHaveLength(1);

    const first = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records?limit=3",
      headers: user.auth,
    });
    expect(first.json().items).toHaveLength(3);
    const rest = await t.app.inject({
      method: "GET",
      url: `/api/v1/cashier/fund-records?limit=3&cursor=${first.json().nextCursor}`,
      headers: user.auth,
    });
    expect(rest.json()).toMatchObject({ items: [{ type: "demo_grant" }], nextCursor: null });

    const other = await registerAndLogin(t);
    const theirs = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records",
      headers: other.auth,
    });
    expect(theirs.json()).toEqual({ items: [], nextCursor: null });
  });

  it("refuses an unknown type or a bad page size with a code", async () => {
    const user = await registerAndLogin(t);
    for (const query of ["type=bonus", "limit=0", "limit=1000", "limit=abc"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/cashier/fund-records?${query}`,
        headers: user.auth,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toMatch(/^[A-Z_]+$/);
    }
  });
});

describe("Yu'ebao in the fund records", () => {
  it("says the day a move confirms and the day income is for, never as a reference", async () => {
    t.clock.set("2026-03-02T02:00:00Z");
    const saver = await toppedUpUser(t, "20000.00");
    const move = (direction: "in" | "out", amount: string) =>
      postWithKey(t.app, `/api/v1/savings/move-${direction}`, saver.auth, { amount });
    expect((await move("in", "10000.00")).statusCode).toBe(201);
    // Two days on, Tuesday's income has been paid (reading Yu'ebao catches the days up).
    t.clock.set("2026-03-04T01:00:00Z");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/savings", headers: saver.auth })).statusCode,
    ).toBe(200);
    expect((await move("out", "500.00")).statusCode).toBe(201);

    const page = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records",
      headers: saver.auth,
    });
    const items = page.json<FundRecordPage>().items;
    expect(items.map((r) => [r.type, r.amount, r.reference, r.confirmsOn, r.incomeDate])).toEqual([
      ["savings_out", "500.00", null, null, null],
      ["savings_income", "0.54", null, null, "2026-03-03"],
      ["savings_in", "-10000.00", null, "2026-03-03", null],
      ["demo_grant", "20000.00", null, null, null],
    ]);
    // Cash and savings income are read apart and merged: a page at a time gives the same list.
    const paged: string[] = [];
    let cursor = "";
    do {
      const next = await t.app.inject({
        method: "GET",
        url: `/api/v1/cashier/fund-records?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
        headers: saver.auth,
      });
      const body = next.json<FundRecordPage>();
      paged.push(...body.items.map((r) => r.id));
      cursor = body.nextCursor ?? "";
    } while (cursor !== "");
    expect(paged).toEqual(items.map((r) => r.id));
    const income = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records?type=savings_income",
      headers: saver.auth,
    });
    expect(income.json<FundRecordPage>().items.map((r) => [r.type, r.balance])).toEqual([
      ["savings_income", "savings"],
    ]);

    const [, ...rows] = csvRows((await downloadCsv(saver.auth, "en")).body);
    expect(rows.map(([, type, , , , reference, note]) => [type, reference, note])).toEqual([
      ["Out of Yu'ebao", "", ""],
      ["Yu'ebao income", "", "Earned for 2026-03-03"],
      ["Into Yu'ebao", "", "Confirms on 2026-03-03"],
      ["Demo top-up", "", ""],
    ]);
  });

  it("keeps an order's number as its reference", async () => {
    t.clock.advance(60_000);
    const user = await toppedUpUser(t, "100.00");
    await stakeOnEther(t, user.auth);
    const page = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records",
      headers: user.auth,
    });
    const stake = page.json<FundRecordPage>().items.find((r) => r.type === "stake");
    expect(stake?.reference).toMatch(/\S/);
    expect(stake).toMatchObject({ confirmsOn: null, incomeDate: null });
  });
});
