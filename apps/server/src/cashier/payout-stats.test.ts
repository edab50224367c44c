import type { PayoutStats, Withdrawal } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { bindBankCard, demoTopUp, key, operatorAuth, postWithdrawal } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

// Its own database: the figures are over every withdrawal of the platform.
const t = useTestApp();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function requestWithdrawal(): Promise<{ id: string; auth: Record<string, string> }> {
  const user = await registerAndLogin(t);
  await demoTopUp(t.app, user.auth, "500.00");
  await bindBankCard(t.app, user.auth);
  const response = await postWithdrawal(t.app, user.auth, {
    amount: "100.00",
    payPassword: user.registration.payPassword,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json<Withdrawal>().id, auth: user.auth };
}

/** An operator signed in now (sessions lapse while the test clock runs for hours). */
async function operatorStep(path: string, payload?: object) {
  const finance = await operatorAuth(t, "finance");
  const response = await t.app.inject({
    method: "POST",
    url: `/api/v1/operator/withdrawals/${path}`,
    headers: finance.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const stats = async (): Promise<PayoutStats> => {
  const response = await t.app.inject({ method: "GET", url: "/api/v1/cashier/payout-stats" });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("GET /cashier/payout-stats", () => {
  it("publishes the last 30 days' payout times and rejections, computed by hand", async () => {
    t.clock.set("2026-04-01T00:00:00Z");
    expect(await stats()).toEqual({
      days: 30,
      withdrawals: 0,
      paid: 0,
      medianSeconds: null,
      p95Seconds: null,
      rejectedBps: null,
    });

    // Requested 35 days before the others and paid in a minute: outside the window, so not counted.
    const old = await requestWithdrawal();
    await operatorStep(`${old.id}/approve`);
    await operatorStep(`${old.id}/paid`, { reference: "OLD-1" });

    t.clock.advance(35 * DAY);
    const paid = [];
    for (let i = 0; i < 5; i += 1) paid.push(await requestWithdrawal());
    const [rejected, cancelled, approvedOnly] = [
      await requestWithdrawal(),
      await requestWithdrawal(),
      await requestWithdrawal(),
    ];
    await requestWithdrawal(); // still under review
    for (const withdrawal of paid) await operatorStep(`${withdrawal.id}/approve`);
    await operatorStep(`${approvedOnly?.id}/approve`);
    await operatorStep(`${rejected?.id}/reject`, { reason: "Account name does not match" });
    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/v1/cashier/withdrawals/${cancelled?.id}/cancel`,
      headers: { ...cancelled?.auth, "idempotency-key": key() },
    });
    expect(cancel.statusCode).toBe(200);

    // Paid 10 min, 1 h, 2 h, 3 h and 30 h after the request.
    const offsets = [10 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 30 * HOUR];
    let elapsed = 0;
    for (const [index, offset] of offsets.entries()) {
      t.clock.advance(offset - elapsed);
      elapsed = offset;
      await operatorStep(`${paid[index]?.id}/paid`, { reference: `TX-${index}` });
    }

    expect(await stats()).toEqual({
      days: 30,
      // Five paid, one rejected, one cancelled, one approved and one waiting.
      withdrawals: 9,
      paid: 5,
      // Nearest rank of [600, 3600, 7200, 10800, 108000]: the 3rd and the 5th.
      medianSeconds: 7200,
      p95Seconds: 108_000,
      // One rejected of seven decided (six approved); a cancellation decides nothing.
      rejectedBps: 1429,
    });

    // Thirty days after they were asked for, they leave the window.
    t.clock.advance(30 * DAY);
    expect((await stats()).withdrawals).toBe(0);
  });
});
