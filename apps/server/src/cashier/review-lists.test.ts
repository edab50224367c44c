import type { OperatorDepositPage, OperatorWithdrawalPage } from "@tickfair/contract";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bankMethod,
  bindBankCard,
  demoTopUp,
  operatorAuth,
  postWithdrawal,
  postWithKey,
} from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { submitVerificationThroughApi } from "../test/verification-fixtures";

/**
 * The deposit and withdrawal queues as a reviewer narrows them: by order number, by the user (account,
 * part of the phone, part of the real name), by the platform days they were asked on; each page with
 * the total and the sum of what matches, and the same filters as a file.
 */

const t = useTestApp();
let finance: Record<string, string>;
let support: Record<string, string>;
let mei: Awaited<ReturnType<typeof registerAndLogin>>;
let tom: Awaited<ReturnType<typeof registerAndLogin>>;
const depositNos: string[] = [];
const withdrawalNos: string[] = [];

const list = <T>(path: string, query: string, headers = finance) =>
  t.app.inject({ method: "GET", url: `/api/v1/operator/${path}?${query}`, headers }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });
const deposits = (query: string) => list<OperatorDepositPage>("deposits", query);
const withdrawals = (query: string) => list<OperatorWithdrawalPage>("withdrawals", query);
const orderNos = (page: { items: { orderNo: string }[] }) => page.items.map((item) => item.orderNo);

async function deposit(auth: Record<string, string>, methodId: string, amount: string, reference: string) {
  const response = await postWithKey(t.app, "/api/v1/cashier/deposits", auth, {
    methodId,
    amount,
    reference,
  });
  expect(response.statusCode, response.body).toBe(201);
  depositNos.push(response.json().orderNo);
}

async function withdraw(auth: Record<string, string>, amount: string) {
  const response = await postWithdrawal(t.app, auth, {
    amount,
    payPassword: "246810",
  });
  expect(response.statusCode, response.body).toBe(201);
  withdrawalNos.push(response.json().orderNo);
}

beforeAll(async () => {
  const method = await bankMethod(t);
  // Two users, on two platform days (Asia/Shanghai): 5 January at 23:30 there (15:30 UTC), 6 January at 00:30.
  t.clock.set("2026-01-05T15:30:00Z");
  mei = await registerAndLogin(t, { account: "mei_2026", phone: "13922223333" });
  tom = await registerAndLogin(t, { account: "tom_2026", phone: "15044445555" });
  expect((await submitVerificationThroughApi(t.app, mei.auth, { name: "李美丽" })).statusCode).toBe(201);
  for (const user of [mei, tom]) {
    await demoTopUp(t.app, user.auth, "1000.00");
    await bindBankCard(t.app, user.auth);
  }
  await deposit(mei.auth, method.id, "100.50", '=HYPERLINK("http://evil")');
  await deposit(tom.auth, method.id, "20.00", 'tom, "first"');
  await withdraw(mei.auth, "30.00");
  t.clock.set("2026-01-05T16:30:00Z");
  await deposit(mei.auth, method.id, "17.25", "second day");
  await withdraw(tom.auth, "40.00");
  await withdraw(mei.auth, "12.34");
  finance = (await operatorAuth(t, "finance")).headers;
  support = (await operatorAuth(t, "support")).headers;
});

describe("the money queues' filters", () => {
  it("count every matching row and sum its amounts, newest first", async () => {
    const all = await deposits("");
    expect(orderNos(all)).toEqual([...depositNos].reverse());
    expect(all).toMatchObject({
      total: 3,
      totalCapped: false,
      totalAmount: "137.75",
      timeZone: "Asia/Shanghai",
    });
    const paged = await deposits("limit=1");
    expect(paged).toMatchObject({ total: 3, totalAmount: "137.75" });
    expect(paged.items).toHaveLength(1);
    expect(await withdrawals("")).toMatchObject({ total: 3, totalAmount: "82.34" });
  });

  it("find an order by its number, exactly and in any case", async () => {
    const [first] = depositNos;
    expect(orderNos(await deposits(`q=${first?.toLowerCase()}`))).toEqual([first]);
    expect(orderNos(await withdrawals(`q=${withdrawalNos[1]}`))).toEqual([withdrawalNos[1]]);
    // A deposit's number is not a withdrawal's.
    expect((await withdrawals(`q=${first}`)).total).toBe(0);
  });

  it("find the user's orders by account, part of the phone and part of the real name", async () => {
    const meis = [depositNos[2], depositNos[0]];
    for (const q of ["MEI_", "2222 3", "+86139", "美丽", "李美"]) {
      const page = await deposits(`q=${encodeURIComponent(q)}`);
      expect(orderNos(page), q).toEqual(meis);
      expect(page.totalAmount, q).toBe("117.75");
    }
    expect(orderNos(await withdrawals("q=4444"))).toEqual([withdrawalNos[1]]);
    for (const q of ["nobody", "%", "_", "9999999"]) expect((await deposits(`q=${q}`)).total, q).toBe(0);
  });

  it("narrow to the platform days asked on, both included, with the status and the search", async () => {
    const day = (from: string, to: string, more = "") => deposits(`from=${from}&to=${to}${more}`);
    // 16:30 UTC on 5 January is already 6 January in Shanghai.
    expect(orderNos(await day("2026-01-06", "2026-01-06"))).toEqual([depositNos[2]]);
    expect(orderNos(await day("2026-01-05", "2026-01-05"))).toEqual([depositNos[1], depositNos[0]]);
    expect(await day("2026-01-05", "2026-01-05", "&q=tom")).toMatchObject({ total: 1, totalAmount: "20.00" });
    expect((await day("2026-01-05", "2026-01-06", "&status=success")).total).toBe(0);
    expect(await withdrawals("from=2026-01-06&to=2026-01-06&status=under_review")).toMatchObject({
      total: 2,
      totalAmount: "52.34",
    });
  });

  it("refuse bad filters with a code, and the other roles' operators", async () => {
    for (const [query, field, code] of [
      ["from=2026-13-01", "from", "RANGE_INVALID"],
      ["to=2026-01-06T00:00:00Z", "to", "RANGE_INVALID"],
      ["from=2026-01-06&to=2026-01-05", "to", "RANGE_INVALID"],
      ["limit=1000000", "limit", "VALIDATION_FAILED"],
      [`q=${"x".repeat(65)}`, "q", "VALIDATION_FAILED"],
      ["status=paid", "status", "VALIDATION_FAILED"],
    ] as const) {
      for (const path of ["deposits", "withdrawals", "deposits.csv", "withdrawals.csv"]) {
        if (path.endsWith(".csv") && field === "limit") continue;
        const response = await t.app.inject({
          method: "GET",
          url: `/api/v1/operator/${path}?${query}`,
          headers: finance,
        });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().error.fields?.[field], `${path}?${query}`).toBe(code);
      }
    }
    for (const path of ["deposits", "withdrawals", "deposits.csv", "withdrawals.csv"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/operator/${path}`,
        headers: support,
      });
      expect(response.statusCode, path).toBe(403);
      expect(
        (await t.app.inject({ method: "GET", url: `/api/v1/operator/${path}`, headers: mei.auth }))
          .statusCode,
      ).toBe(401);
    }
  });
});

describe("the money queues as files", () => {
  const csv = (path: string, query: string, language = "en") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/operator/${path}.csv?${query}`,
      headers: { ...finance, "accept-language": language },
    });
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");

  it("hold the filtered deposits: decimal amounts, zone-stamped times, guarded and quoted cells", async () => {
    const response = await csv("deposits", "q=mei_2026");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-row-limit"]).toBe("50000");
    const [header, second, first] = lines(response.body);
    expect(header).toBe(
      '"Submitted","Order no.","User ID","Account","Method","Amount","Payment reference","Status","Reason","Reviewed"',
    );
    expect(second).toBe(
      `"2026-01-06 00:30:00 +08:00","${depositNos[2]}","${mei.userId}","mei_2026","Bank transfer","17.25","second day","Under review","",""`,
    );
    // A reference that would run as a formula in a spreadsheet is written as text.
    expect(first).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(first).toContain('"100.50"');
    const tom = lines((await csv("deposits", "q=tom")).body)[1];
    expect(tom).toContain('"tom, ""first"""');
  });

  it("hold the filtered withdrawals in the operator's language", async () => {
    const [header, ...rows] = lines(
      (await csv("withdrawals", "from=2026-01-06&to=2026-01-06", "zh-CN")).body,
    );
    expect(header).toBe(
      '"提交时间","订单号","用户ID","账号","金额","手续费","到账金额","方式","收款信息","状态","原因","审核时间","付款时间","付款凭据号"',
    );
    expect(rows.map((row) => row.split(",")[1])).toEqual([`"${withdrawalNos[2]}"`, `"${withdrawalNos[1]}"`]);
    expect(rows[0]).toContain('"12.34"');
    expect(rows[0]).toContain('"审核中"');
  });

  it("are audited with the filters they were taken with", async () => {
    await csv("withdrawals", "q=tom&status=under_review");
    const entry = await t.db
      .selectFrom("audit_log")
      .select(["target_type", "target_id", "detail"])
      .where("action", "=", "withdrawals.export")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      target_type: "withdrawal",
      target_id: "csv",
      detail: { filters: { q: "tom", status: "under_review" } },
    });
  });
});
