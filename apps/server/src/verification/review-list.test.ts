import type { OperatorVerificationPage } from "@tickfair/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { submitVerificationThroughApi } from "../test/verification-fixtures";

/** The verification queue as a reviewer narrows it: by the user, the name they gave, the days they sent it. */

const t = useTestApp();
let support: Record<string, string>;
let finance: Record<string, string>;
const users: Awaited<ReturnType<typeof registerAndLogin>>[] = [];
const API = "/api/v1/operator/verifications";

const queue = (query: string) =>
  t.app.inject({ method: "GET", url: `${API}?${query}`, headers: support }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OperatorVerificationPage>();
  });
const names = (page: OperatorVerificationPage) => page.items.map((item) => item.name);

beforeAll(async () => {
  // Sent on 5, 6 and 7 January in Shanghai (23:00 there).
  for (const [day, account, phone, name] of [
    ["05", "zhao_li", "13911110001", "赵丽"],
    ["06", "qian_wu", "13911110002", "钱五"],
    ["07", "sun_liu", "15022220003", "孙六丽"],
  ] as const) {
    t.clock.set(`2026-01-${day}T15:00:00Z`);
    const user = await registerAndLogin(t, { account, phone });
    expect((await submitVerificationThroughApi(t.app, user.auth, { name })).statusCode).toBe(201);
    users.push(user);
  }
  support = (await operatorAuth(t, "support")).headers;
  finance = (await operatorAuth(t, "finance")).headers;
});

describe("the verification queue's filters", () => {
  it("keep the waiting queue oldest first, counted, and find by name, account or phone", async () => {
    expect(await queue("")).toMatchObject({ total: 3, totalCapped: false, timeZone: "Asia/Shanghai" });
    expect(names(await queue(""))).toEqual(["赵丽", "钱五", "孙六丽"]);
    expect(names(await queue(`q=${encodeURIComponent("丽")}`))).toEqual([]);
    expect(names(await queue(`q=${encodeURIComponent("六丽")}`))).toEqual(["孙六丽"]);
    expect(names(await queue("q=QIAN"))).toEqual(["钱五"]);
    expect(names(await queue("q=1111000"))).toEqual(["赵丽", "钱五"]);
    expect((await queue("q=1111000&limit=1")).total).toBe(2);
  });

  it("narrow to the platform days sent on, and refuse a range that runs backwards", async () => {
    expect(names(await queue("from=2026-01-06&to=2026-01-07"))).toEqual(["钱五", "孙六丽"]);
    expect(names(await queue("from=2026-01-06&to=2026-01-07&state=verified"))).toEqual([]);
    const backwards = await t.app.inject({
      method: "GET",
      url: `${API}?from=2026-01-07&to=2026-01-06`,
      headers: support,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toBe("RANGE_INVALID");
  });

  it("export the same rows with the ID number masked, audited, to reviewers only", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `${API}.csv?q=${encodeURIComponent("钱五")}`,
      headers: { ...support, "accept-language": "en" },
    });
    expect(response.statusCode).toBe(200);
    const [header, row, more] = response.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe(
      '"Submitted","User ID","Account","Name","ID number","Nationality","Status","Reason","Reviewed by","Reviewed","ID"',
    );
    expect(row).toMatch(
      /^"2026-01-06 23:00:00 \+08:00","\d+","qian_wu","钱五","\d{3}\*+\w{2,4}","CN","Under review"/,
    );
    expect(more).toBeUndefined();
    const entry = await t.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "verifications.export")
      .executeTakeFirstOrThrow();
    expect(entry.detail).toEqual({ filters: { q: "钱五", state: "under_review" } });
    const refused = await t.app.inject({ method: "GET", url: `${API}.csv`, headers: finance });
    expect(refused.statusCode).toBe(403);
  });
});
