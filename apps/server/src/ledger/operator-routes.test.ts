import { ledgerCheckReport } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { operatorAuth, toppedUpUser } from "../test/cashier-fixtures";
import { BTC } from "../test/contract-kit";
import { useTestApp } from "../test/harness";
import { checkLedgerInvariants, shownReport } from "./invariants";

const t = useTestApp();
const url = "/api/v1/operator/ledger/check";

describe("GET /operator/ledger/check", () => {
  it("answers an admin the report a direct check gives, and audits every call", async () => {
    await toppedUpUser(t, "250.00");
    const admin = await operatorAuth(t, "admin");
    const response = await t.app.inject({ method: "GET", url, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const report = ledgerCheckReport.parse(response.json());
    // The tick archives checked with it: none yet.
    expect(report).toEqual({
      ...shownReport(await checkLedgerInvariants(t.db)),
      tickArchives: { files: 0, ticks: 0 },
    });
    expect(report.ok).toBe(true);
    expect(report.counts.entries).toBeGreaterThan(0);

    await t.app.inject({ method: "GET", url, headers: admin.headers });
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/audit",
      headers: admin.headers,
    });
    const checks = audit.json().items.filter((item: { action: string }) => item.action === "ledger.check");
    expect(checks).toHaveLength(2);
    expect(checks[0]).toMatchObject({
      operator: admin.username,
      targetType: "ledger",
      detail: { ok: true, violations: 0, counts: report.counts },
    });
  });

  it("fails on exposure totals that left the open contracts, and on Yu'ebao's books when full", async () => {
    const admin = await operatorAuth(t, "admin");
    const check = async (scope: "since checkpoint" | "full") => {
      const query = scope === "full" ? "?scope=full" : "";
      const response = await t.app.inject({ method: "GET", url: url + query, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      return ledgerCheckReport.parse(response.json());
    };
    expect((await check("full")).ok).toBe(true);

    // A running total raised by hand: every order on that side would be judged against 5.00 too much.
    await sql`insert into trading_exposure_placed (symbol, direction, payout) values (${BTC}, 'up', 0)
      on conflict do nothing`.execute(t.db);
    await sql`update trading_exposure_placed set payout = payout + 500 where symbol = ${BTC} and direction = 'up'`.execute(
      t.db,
    );
    // A saver's income total that no accrual row pays.
    const saver = await toppedUpUser(t, "10.00");
    await sql`insert into savers (user_id, accrued_through, income_total, created_at)
      values (${saver.userId}, '2026-01-01', 7, now())`.execute(t.db);
    try {
      const exposureDrift = expect.stringMatching(
        new RegExp(`^${BTC} up: totals say \\d+ open, contracts \\d+$`),
      );
      const routine = await check("since checkpoint");
      expect(routine.ok).toBe(false);
      expect(routine.violations).toEqual([exposureDrift]);

      const full = await check("full");
      expect(full.ok).toBe(false);
      expect(full.violations).toEqual([
        exposureDrift,
        `saver ${saver.userId} has income 7 but accrual rows of 0`,
      ]);
    } finally {
      await sql`update trading_exposure_placed set payout = payout - 500 where symbol = ${BTC} and direction = 'up'`.execute(
        t.db,
      );
      await sql`delete from savers where user_id = ${saver.userId}`.execute(t.db);
    }
    expect((await check("full")).ok).toBe(true);
  });

  it("is for admins only: finance and support 403, users and strangers 401", async () => {
    for (const role of ["finance", "support"] as const) {
      const operator = await operatorAuth(t, role);
      const response = await t.app.inject({ method: "GET", url, headers: operator.headers });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
    }
    const user = await toppedUpUser(t, "10.00");
    expect((await t.app.inject({ method: "GET", url, headers: user.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("is in the OpenAPI document with its report schema", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = document.paths["/api/v1/operator/ledger/check"].get;
    expect(Object.keys(operation.responses["200"].content["application/json"].schema.properties)).toEqual([
      "ok",
      "violations",
      "scope",
      "cut",
      "counts",
      "tickArchives",
    ]);
    expect(document.paths["/api/v1/operator/deposits/{id}/proof"].get).toBeDefined();
  });
});
