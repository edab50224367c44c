import type { AuditEntry } from "@tickfair/contract";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test/harness";
import { createEnrolledOperator, signInOperatorThroughApi } from "../test/operator-fixtures";
import { auditRowsQuery, resolveAuditFilters } from "./log";
import { auditCsv } from "./log-csv";
import { recordAudit } from "./record";

const t = useTestApp({ PLATFORM_TZ: "Asia/Shanghai" });

type Page = { items: AuditEntry[]; nextCursor: string | null };
interface Signed {
  username: string;
  headers: Record<string, string>;
}
const admin = {} as Signed;
const support = {} as Signed;

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: "GET", url, headers });
const page = async (query: string): Promise<Page> => {
  const response = await get(`/api/v1/operator/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};
const ids = (entries: AuditEntry[]) => entries.map((entry) => entry.id);

/** Every entry the filters match, page after page. */
async function everyPage(query: string, limit: number): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const next: Page = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    all.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return all;
}

beforeAll(async () => {
  t.clock.set("2026-03-01T01:00:00Z");
  const adminCredentials = await createEnrolledOperator(t.db, t.clock, {
    username: "audit_admin",
    role: "admin",
  });
  const supportCredentials = await createEnrolledOperator(t.db, t.clock, {
    username: "audit_support",
    role: "support",
  });
  const supportId = supportCredentials.id;
  // A day of the support operator's work: five unbinds in the same millisecond (ties in time), then
  // account-opening codes an hour apart, and a reason that reads as a spreadsheet formula.
  t.clock.set("2026-03-02T02:00:00Z");
  for (let i = 1; i <= 5; i += 1) {
    await recordAudit(t.db, t.clock, {
      operatorId: supportId,
      action: "withdrawal_account.unbind",
      targetType: "user",
      targetId: String(100 + i),
      reason: `Customer asked, call ${i}`,
    });
  }
  for (let hour = 3; hour <= 5; hour += 1) {
    t.clock.set(`2026-03-02T0${hour}:00:00Z`);
    await recordAudit(t.db, t.clock, {
      operatorId: supportId,
      action: "invite_code.create",
      targetType: "invite_code",
      targetId: `CODE${hour}`,
      detail: { note: `batch ${hour}` },
    });
  }
  t.clock.set("2026-03-02T06:00:00Z");
  await recordAudit(t.db, t.clock, {
    operatorId: null,
    action: "ledger.check",
    targetType: "ledger",
    targetId: "all",
    reason: '=HYPERLINK("http://evil.example","click")',
    detail: { ok: true, violations: 0 },
  });
  // Signed in the next day, so nothing the sign-ins record falls in the day above.
  t.clock.set("2026-03-03T01:00:00Z");
  Object.assign(admin, {
    username: adminCredentials.username,
    headers: await signInOperatorThroughApi(t, adminCredentials),
  });
  Object.assign(support, {
    username: supportCredentials.username,
    headers: await signInOperatorThroughApi(t, supportCredentials),
  });
});

describe("the audit log's filters", () => {
  it("narrows by action, by operator in any case, by record and by time, and combines them", async () => {
    const unbinds = await page("action=withdrawal_account.unbind&limit=50");
    expect(unbinds.items).toHaveLength(5);
    expect(unbinds.items.every((entry) => entry.operator === support.username)).toBe(true);

    const bySupport = await page(
      `operator=${support.username.toUpperCase()}&to=2026-03-03T00:00:00Z&limit=50`,
    );
    expect(bySupport.items.map((entry) => entry.action).sort()).toEqual(
      [...Array(3).fill("invite_code.create"), ...Array(5).fill("withdrawal_account.unbind")].sort(),
    );

    const oneUser = await page("targetType=user&targetId=103");
    expect(oneUser.items.map((entry) => [entry.targetType, entry.targetId])).toEqual([["user", "103"]]);
    expect((await page("targetType=invite_code&limit=50")).items).toHaveLength(3);

    // From inclusive, to exclusive: 03:00 and 04:00, not 05:00.
    const window = await page("from=2026-03-02T03:00:00Z&to=2026-03-02T05:00:00Z&limit=50");
    expect(window.items.map((entry) => entry.targetId)).toEqual(["CODE4", "CODE3"]);
    const combined = await page(
      `operator=${support.username}&action=invite_code.create&from=2026-03-02T11:30:00%2B08:00`,
    );
    expect(combined.items.map((entry) => entry.targetId)).toEqual(["CODE5", "CODE4"]);

    expect((await page("operator=nobody_here")).items).toEqual([]);
    expect((await page("action=no.such_action")).items).toEqual([]);
  });

  it("pages newest first with its cursor, through entries written in the same millisecond", async () => {
    const all = await everyPage("action=withdrawal_account.unbind", 2);
    expect(all.map((entry) => entry.targetId)).toEqual(["105", "104", "103", "102", "101"]);
    const whole = await everyPage("from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z", 3);
    expect(whole).toHaveLength(9);
    expect(new Set(ids(whole)).size).toBe(9);
    const times = whole.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // A cursor that names no entry (edited by hand) gives an empty page, not an error.
    expect((await page("cursor=999999999")).items).toEqual([]);
  });

  it.each([
    ["from=2026-03-02T05:00:00Z&to=2026-03-02T05:00:00Z", "RANGE_INVALID"],
    ["from=2026-03-02T06:00:00Z&to=2026-03-02T05:00:00Z", "RANGE_INVALID"],
    ["from=yesterday", "RANGE_INVALID"],
    ["to=2026-03-02", "RANGE_INVALID"],
    ["targetId=103", "REQUIRED"],
    ["action=DROP%20TABLE", "VALIDATION_FAILED"],
    ["action=", "VALIDATION_FAILED"],
    ["targetType=User", "VALIDATION_FAILED"],
    ["operator=a%20b", "VALIDATION_FAILED"],
    ["operator=ab", "VALIDATION_FAILED"],
    ["limit=0", "VALIDATION_FAILED"],
  ])("refuses %s with 400 %s, as a list and as a file", async (query, code) => {
    for (const path of ["audit", "audit.csv"]) {
      const response = await get(`/api/v1/operator/${path}?${query}`);
      if (path === "audit.csv" && query.startsWith("limit")) continue;
      expect(response.statusCode, `${path} ${response.body}`).toBe(400);
      expect(response.json().error.code, path).toBe(code);
    }
  });

  it("reads each filter through its own index, newest first, without sorting", async () => {
    const cases: [string, Parameters<typeof resolveAuditFilters>[1]][] = [
      ["audit_log_action_time", { action: "invite_code.create", from: "2026-03-02T00:00:00Z" }],
      ["audit_log_operator_time", { operator: support.username }],
      ["audit_log_target_time", { targetType: "user", targetId: "101" }],
      ["audit_log_time", { from: "2026-03-02T00:00:00Z", to: "2026-03-03T00:00:00Z" }],
    ];
    for (const [index, filters] of cases) {
      const resolved = await resolveAuditFilters(t.db, filters);
      if (!resolved) throw new Error("filters resolve");
      const plan = await t.db.transaction().execute(async (tx) => {
        // A table this small would be read whole; the question is whether the index serves the query.
        await sql`set local enable_seqscan = off`.execute(tx);
        const rows = await auditRowsQuery(tx, resolved, 5n, 21).explain();
        return rows.map((row) => String(Object.values(row)[0])).join("\n");
      });
      expect(plan, index).toContain(index);
      expect(plan, index).not.toMatch(/\bSort\b/);
    }
  });
});

describe("the audit log as a CSV file", () => {
  it("streams the filtered log with a BOM, the header in the operator's language and guarded cells", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/audit.csv?action=ledger.check",
      headers: { ...admin.headers, "accept-language": "zh-CN" },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="tickfair-audit-log\.csv"/);
    expect(response.headers["x-row-limit"]).toBe("50000");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const lines = response.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"时间","操作员","操作","对象类型","对象编号","原因","详情","日志编号"');
    expect(lines).toHaveLength(2);
    // 06:00 UTC is 14:00 in Shanghai; the reason's formula is defused; the detail is JSON.
    expect(lines[1]).toMatch(
      /^"2026-03-02 14:00:00 \+08:00","system","ledger\.check","ledger","all","'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)","\{""ok"":true,""violations"":0\}","\d+"$/,
    );

    const english = await t.app.inject({
      method: "GET",
      url: `/api/v1/operator/audit.csv?operator=${support.username}&targetType=user&targetId=104`,
      headers: { ...admin.headers, "accept-language": "en" },
    });
    const rows = english.body.slice(1).trimEnd().split("\r\n");
    expect(rows[0]).toBe('"Time","Operator","Action","Record type","Record ID","Reason","Detail","Entry ID"');
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^"2026-03-02 10:00:00 \\+08:00","${support.username}","withdrawal_account.unbind","user","104","Customer asked, call 4","",`,
        ),
      ),
    ]);
  });

  it("holds only its header when nothing matches, and records each export in the log", async () => {
    const empty = await get("/api/v1/operator/audit.csv?operator=nobody_here");
    expect(empty.statusCode).toBe(200);
    expect(empty.body.slice(1).trimEnd().split("\r\n")).toHaveLength(1);
    const exports = await page(`action=audit.export&operator=${admin.username}&limit=50`);
    expect(exports.items.length).toBeGreaterThanOrEqual(2);
    expect(exports.items[0]).toMatchObject({
      targetType: "audit_log",
      detail: { filters: { operator: "nobody_here" } },
    });
  });

  it("stops at its row limit, newest first, reading the log a batch at a time", async () => {
    const stream = await auditCsv(
      t.db,
      { action: "withdrawal_account.unbind" },
      { locale: "en", timeZone: "UTC", maxRows: 3 },
    );
    let text = "";
    for await (const chunk of stream) text += String(chunk);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(",")[4])).toEqual(['"105"', '"104"', '"103"']);
  });

  it("is for those who may read the log", async () => {
    const refused = await get("/api/v1/operator/audit.csv", support.headers);
    expect(refused.statusCode).toBe(403);
    expect((await get("/api/v1/operator/audit.csv", {})).statusCode).toBe(401);
  });
});
