import { describe, expect, it } from "vitest";
import { BANK_CARD, bankMethod, key, operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();

describe("fund records", () => {
  it("lists every movement of the user's money, newest first, with the balance after each", async () => {
    const user = await registerAndLogin(t);
    const headers = (extra: Record<string, string> = {}) => ({ ...user.auth, ...extra });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/cashier/demo-topup",
      payload: { amount: "500.00" },
      headers: headers({ "idempotency-key": key() }),
    });
    const method = await bankMethod(t);
    const deposit = await t.app.inject({
      method: "POST",
      url: "/api/v1/cashier/deposits",
      payload: { methodId: method.id, amount: "120.00", reference: '=HYPERLINK("x")' },
      headers: headers({ "idempotency-key": key() }),
    });
    const finance = await operatorAuth(t);
    await t.app.inject({
      method: "POST",
      url: `/api/v1/operator/deposits/${deposit.json().id}/confirm`,
      headers: finance.headers,
    });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/cashier/withdrawal-account",
      payload: BANK_CARD,
      headers: headers(),
    });
    const withdrawal = await t.app.inject({
      method: "POST",
      url: "/api/v1/cashier/withdrawals",
      payload: { amount: "70.00", payPassword: user.registration.payPassword },
      headers: headers({ "idempotency-key": key() }),
    });
    await t.app.inject({
      method: "POST",
      url: `/api/v1/cashier/withdrawals/${withdrawal.json().id}/cancel`,
      headers: headers({ "idempotency-key": key() }),
    });

    const page = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records",
      headers: headers(),
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
      headers: headers(),
    });
    expect(deposits.json().items).toHaveLength(1);

    const first = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records?limit=3",
      headers: headers(),
    });
    expect(first.json().items).toHaveLength(3);
    const rest = await t.app.inject({
      method: "GET",
      url: `/api/v1/cashier/fund-records?limit=3&cursor=${first.json().nextCursor}`,
      headers: headers(),
    });
    expect(rest.json()).toMatchObject({ items: [{ type: "demo_grant" }], nextCursor: null });

    const csv = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records.csv",
      headers: headers(),
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("time,type,amount,balance,balance_after,reference,id");
    expect(lines).toHaveLength(5);
    expect(csv.body).toContain('"-70.00"');
    expect(csv.body).not.toContain('"=HYPERLINK');

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
