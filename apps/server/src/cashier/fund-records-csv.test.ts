import { CSV_LABELS, LOCALES, toMinor } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger";
import { cancelledWithdrawalHistory, STEP_MS, toppedUpUser } from "../test/cashier-fixtures";
import { csvRows, fundRecordsCsv } from "../test/csv-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { stakeOnEther } from "../test/trading-fixtures";

const t = useTestApp();
const downloadCsv = fundRecordsCsv(t);

describe("fund records CSV", () => {
  it("is a UTF-8 file with a BOM, headers and types in Simplified Chinese by default, platform times named in the header, plain amounts", async () => {
    t.clock.set("2026-11-23T10:04:05Z");
    const user = await toppedUpUser(t, "123456.78");
    const csv = await downloadCsv(user.auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="tickfair-fund-records.csv"');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csvRows(csv.body);
    expect(header).toEqual([
      "时间（Asia/Shanghai）",
      "类型",
      "金额",
      "账户",
      "变动后余额",
      "单号",
      "说明",
      "记录编号",
    ]);
    expect(rows).toEqual([
      [
        "2026-11-23 18:04:05 +08:00",
        "演示充值",
        "123456.78",
        "余额",
        "123456.78",
        "",
        "",
        expect.stringMatching(/^\d+$/),
      ],
    ]);

    for (const unknown of ["pt-BR,pt;q=0.9", "", "*", "xx"]) {
      const fallback = await downloadCsv(user.auth, unknown);
      expect(fallback.body, unknown).toBe(csv.body);
    }
  });

  it("speaks the language the request asks for, in the screen's words", async () => {
    t.clock.advance(60_000);
    const user = await toppedUpUser(t, "80.00");
    const english = csvRows((await downloadCsv(user.auth, "en-US,en;q=0.9")).body);
    expect(english[0]).toEqual([
      "Time (Asia/Shanghai)",
      "Type",
      "Amount",
      "Account",
      "Balance after",
      "Ref.",
      "Details",
      "Record ID",
    ]);
    expect(english[1]?.slice(1, 5)).toEqual(["Demo top-up", "80.00", "Balance", "80.00"]);
    for (const locale of LOCALES) {
      const [header, row] = csvRows((await downloadCsv(user.auth, locale)).body);
      const labels = CSV_LABELS[locale].fundRecords;
      expect(header, locale).toEqual(
        Object.values(labels.columns).map((label) => label.replace("{{zone}}", "Asia/Shanghai")),
      );
      expect(row?.[1], locale).toBe(labels.types.demo_grant);
      expect(row?.[3], locale).toBe(labels.balances.available);
    }
  });

  it("states after each record the cash balance the ledger holds: each row the previous plus its amount", async () => {
    t.clock.advance(60_000);
    const { user, deposit, review, withdraw } = await cancelledWithdrawalHistory(t);
    const step = () => t.clock.advance(STEP_MS);
    step();
    const approved = await withdraw("50.25");
    step();
    expect((await review("withdrawals", approved.json().id, "approve")).statusCode).toBe(200);
    step();
    await stakeOnEther(t, user.auth);
    step();
    const rejected = await withdraw("30.00");
    step();
    expect(
      (await review("withdrawals", rejected.json().id, "reject", { reason: "Name does not match" }))
        .statusCode,
    ).toBe(200);

    const [, ...newestFirst] = csvRows((await downloadCsv(user.auth, "en")).body);
    const oldestFirst = newestFirst.reverse();
    expect(oldestFirst.map(([, type, amount, account, after]) => [type, amount, account, after])).toEqual([
      ["Demo top-up", "500.00", "Balance", "500.00"],
      ["Deposit", "120.00", "Balance", "620.00"],
      ["Withdrawal", "-70.00", "Balance", "550.00"],
      ["Withdrawal returned", "70.00", "Balance", "620.00"],
      ["Withdrawal", "-50.25", "Balance", "569.75"],
      ["Trade stake", "-20.00", "Balance", "549.75"],
      ["Withdrawal", "-30.00", "Balance", "519.75"],
      ["Withdrawal returned", "30.00", "Balance", "549.75"],
    ]);
    let running = 0n;
    for (const [, , amount = "", , after = ""] of oldestFirst) {
      running += toMinor(amount);
      expect(toMinor(after)).toBe(running);
    }
    expect(running).toBe((await userBalances(t.db, user.userId)).cash);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: user.auth });
    expect(me.json().summary.available).toBe(oldestFirst.at(-1)?.[4]);
    expect(oldestFirst.map(([time]) => time)).toEqual([...oldestFirst.map(([time]) => time)].sort());
    expect(oldestFirst[1]?.[5]).toBe(deposit.json().orderNo);

    const onlyReturns = csvRows((await downloadCsv(user.auth, "en", "?type=withdrawal_return")).body);
    expect(onlyReturns.slice(1).map(([, type, amount, , after]) => [type, amount, after])).toEqual([
      ["Withdrawal returned", "30.00", "549.75"],
      ["Withdrawal returned", "70.00", "620.00"],
    ]);
  });
});

describe("fund records CSV times", () => {
  it("are in the time zone the app asks for, named in the header, else the platform's", async () => {
    t.clock.set("2026-11-23T10:04:05Z");
    const user = await toppedUpUser(t, "10.00");
    const inZone = async (query: string) => {
      const [header, row] = csvRows((await downloadCsv(user.auth, "en", query)).body);
      return [header?.[0], row?.[0]];
    };
    expect(await inZone("?timeZone=America%2FNew_York")).toEqual([
      "Time (America/New_York)",
      "2026-11-23 05:04:05 -05:00",
    ]);
    expect(await inZone("?timeZone=UTC&type=demo_grant")).toEqual([
      "Time (UTC)",
      "2026-11-23 10:04:05 +00:00",
    ]);
    expect(await inZone("")).toEqual(["Time (Asia/Shanghai)", "2026-11-23 18:04:05 +08:00"]);
  });

  it("refuses a time zone that is none with a code, not a file", async () => {
    const user = await registerAndLogin(t);
    for (const zone of ["Mars/Olympus", "", "x".repeat(65), "../etc"]) {
      const answer = await downloadCsv(user.auth, "en", `?timeZone=${encodeURIComponent(zone)}`);
      expect(answer.statusCode, zone).toBe(400);
      expect(answer.json().error.code, zone).toBe("VALIDATION_FAILED");
    }
  });
});
