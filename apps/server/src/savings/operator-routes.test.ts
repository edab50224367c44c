import type { SavingsOverview, ServerMessage } from "@tickfair/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { key, operatorAuth, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { auditEntry } from "../test/fixtures";
import { openSignedInSocket, useListeningApp } from "../test/socket";

const { t, socketUrl } = useListeningApp();
const shanghai = (local: string) => new Date(`${local}+08:00`);

beforeEach(() => {
  t.clock.set(shanghai("2026-03-02T10:00:00"));
});

const overview = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/api/v1/operator/savings", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavingsOverview>();
};

const LIMITS = {
  cutOff: "14:00",
  moveIn: { perDay: 5, min: "10.00", max: "50000.00" },
  moveOut: { perDay: 2, min: "0.01", max: "50000.00" },
};

describe("savings in the console", () => {
  it("schedules a rate for a future day only, replaces it before that day, and audits both", async () => {
    const admin = await operatorAuth(t, "admin");
    const schedule = (annualRate: string, effectiveFrom: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/operator/savings/rates",
        headers: admin.headers,
        payload: { annualRate, effectiveFrom, reason: "Rate review" },
      });
    for (const day of ["2026-03-02", "2026-03-01"]) {
      const refused = await schedule("3.00", day);
      expect([refused.statusCode, refused.json().error.code]).toEqual([400, "RATE_DATE_NOT_FUTURE"]);
    }
    for (const rate of ["36.0001", "-1", "2.123456", "abc"]) {
      const refused = await schedule(rate, "2026-03-05");
      expect([rate, refused.statusCode, refused.json().error.code]).toEqual([rate, 400, "RATE_INVALID"]);
    }
    expect((await schedule("3.00", "2026-03-05")).statusCode).toBe(201);
    const replaced = await schedule("2.50", "2026-03-05");
    expect(replaced.json()).toMatchObject({
      annualRate: "2.50",
      effectiveFrom: "2026-03-05",
      setBy: admin.username,
    });

    const seen = await overview(admin.headers);
    expect(seen.rate).toEqual({ annualRate: "2.00", effectiveFrom: "2000-01-01" });
    expect(seen.upcomingRate).toEqual({ annualRate: "2.50", effectiveFrom: "2026-03-05" });
    expect(seen.rates.map((r) => [r.effectiveFrom, r.annualRate])).toEqual([
      ["2026-03-05", "2.50"],
      ["2000-01-01", "2.00"],
    ]);
    expect(await auditEntry(t.db, "savings_rate.schedule")).toMatchObject({ target_id: "2026-03-05" });

    // From that day the saver's page shows it; the day before, it is the upcoming one.
    const saver = await toppedUpUser(t, "10.00");
    t.clock.set(shanghai("2026-03-05T08:00:00"));
    const page = await t.app.inject({ method: "GET", url: "/api/v1/savings", headers: saver.auth });
    expect(page.json()).toMatchObject({ annualRate: "2.50", upcomingRate: null });
  });

  it("changes the cut-off and limits, which apply to the next move, audited with what they were", async () => {
    const admin = await operatorAuth(t, "admin");
    const put = (body: object) =>
      t.app.inject({
        method: "PUT",
        url: "/api/v1/operator/savings/settings",
        headers: admin.headers,
        payload: body,
      });
    const inverted = await put({
      ...LIMITS,
      moveIn: { perDay: 5, min: "100.00", max: "10.00" },
      reason: "Test",
    });
    expect([inverted.statusCode, inverted.json().error.code]).toEqual([400, "SAVINGS_LIMITS_INVALID"]);
    const noReason = await put({ ...LIMITS, reason: "  " });
    expect(noReason.json().error.code).toBe("REASON_REQUIRED");
    expect((await overview(admin.headers)).settings.cutOff).toBe("15:00");

    const changed = await put({ ...LIMITS, reason: "Tighter limits" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await auditEntry(t.db, "savings_settings.change"))?.detail).toMatchObject({
      before: { cutOff: "15:00" },
      after: { cutOff: "14:00" },
    });

    const saver = await toppedUpUser(t, "100.00");
    const small = await postWithKey(t.app, "/api/v1/savings/move-in", saver.auth, { amount: "9.99" }, key());
    expect(small.json().error.code).toBe("AMOUNT_BELOW_MINIMUM");
    t.clock.set(shanghai("2026-03-02T14:30:00"));
    const moved = await postWithKey(t.app, "/api/v1/savings/move-in", saver.auth, { amount: "10.00" }, key());
    expect(moved.json().record.confirmsOn).toBe("2026-03-04");
    expect(moved.json().summary.movesOut).toEqual({ used: 0, limit: 2, left: 2 });
    await put({ ...LIMITS, cutOff: "15:00", reason: "Back to the usual cut-off" });
  });

  it("shows shares, savers, the job's progress and income paid per day", async () => {
    const before = await overview((await operatorAuth(t, "admin")).headers);
    const saver = await toppedUpUser(t, "20000.00");
    await postWithKey(t.app, "/api/v1/savings/move-in", saver.auth, { amount: "20000.00" }, key());
    t.clock.set(shanghai("2026-03-04T01:00:00"));
    await t.app.tickfair.savings.run();
    const after = await overview((await operatorAuth(t, "admin")).headers);
    expect(after.savers).toBe(before.savers + 1);
    expect(after.saversBehind).toBe(0);
    expect(after.accruedThrough).toBe("2026-03-03");
    expect(after.incomeByDay.find((day) => day.date === "2026-03-03")).toMatchObject({
      incomePerTenThousand: "0.54",
    });
    const support = await operatorAuth(t, "support");
    expect((await overview(support.headers)).today).toBe("2026-03-04");
  });

  it("tells the saver's open app when income lands or shares confirm", async () => {
    const saver = await toppedUpUser(t, "10000.00");
    await postWithKey(t.app, "/api/v1/savings/move-in", saver.auth, { amount: "10000.00" }, key());
    const socket = await openSignedInSocket(socketUrl(), saver.token);
    t.clock.set(shanghai("2026-03-03T00:01:00"));
    await t.app.tickfair.savings.run();
    const confirmed = await nextOfType(socket.next, "savings.updated");
    expect(confirmed.summary).toMatchObject({ confirmed: "10000.00", pending: "0.00" });
    t.clock.set(shanghai("2026-03-04T00:01:00"));
    await t.app.tickfair.savings.run();
    const paid = await nextOfType(socket.next, "savings.updated");
    expect(paid.summary).toMatchObject({ yesterdayIncome: "0.54", total: "10000.54" });
    socket.socket.close();
  });
});

async function nextOfType<T extends ServerMessage["type"]>(
  next: () => Promise<ServerMessage>,
  type: T,
): Promise<Extract<ServerMessage, { type: T }>> {
  for (;;) {
    const message = await next();
    if (message.type === type) return message as Extract<ServerMessage, { type: T }>;
  }
}
