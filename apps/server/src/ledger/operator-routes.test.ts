import { ledgerCheckReport } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { operatorAuth, toppedUpUser } from "../test/cashier-fixtures";
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
