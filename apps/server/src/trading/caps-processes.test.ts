import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../market/seed";
import { onPostgres } from "../market/testing";
import { ManualClock } from "../platform/clock";
import { key, operatorAuth, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { freshQuote } from "../test/trading-fixtures";
import { useTwoProcesses } from "../test/two-processes";
import { checkExposureInvariants } from "./invariants";

describe.skipIf(!onPostgres())("exposure caps across server processes (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 11, 0, 0)));
  const processes = useTwoProcesses(clock, { FEED_ENABLED: false }, seedCatalogue);

  async function setCaps(symbol: string, caps: Record<string, string | null>) {
    const admin = await operatorAuth(processes.context, "admin");
    const response = await processes.a.inject({
      method: "PUT",
      url: `/api/v1/operator/risk/caps/${encodeURIComponent(symbol)}`,
      headers: admin.headers,
      payload: { up: null, down: null, perUser: null, ...caps, reason: "two processes race" },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** 100 orders of 10.00 at 85 % (18.50 each if they win), every other one through each process at once. */
  async function race(users: { auth: Record<string, string> }[], symbol: string) {
    const quoteSeq = await freshQuote(processes.context, symbol);
    const { a, b } = processes;
    const body = { symbol, direction: "up", stake: "10.00", durationSeconds: 60, quoteSeq };
    return Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postWithKey(
          i % 2 ? a : b,
          "/api/v1/trading/contracts",
          users[i % users.length]?.auth ?? {},
          body,
          key(),
        ),
      ),
    );
  }

  const counted = (responses: { statusCode: number; json(): { error?: { code: string } } }[]) => {
    const refused = responses.filter((r) => r.statusCode !== 201);
    for (const r of refused) expect(r.json().error?.code).toBe("EXPOSURE_LIMIT_REACHED");
    return responses.length - refused.length;
  };

  it("stops 100 orders racing through two processes at a product's cap to the cent", async () => {
    const users = await Promise.all(
      Array.from({ length: 6 }, () => toppedUpUser(processes.context, "1000.00")),
    );
    // 54 × 18.50 = 999.00; the 55th would pass 1000.00.
    await setCaps("BTC/USDT", { up: "1000.00" });
    expect(counted(await race(users, "BTC/USDT"))).toBe(54);
    expect(await checkExposureInvariants(processes.context.db)).toEqual([]);
  });

  it("stops one user's 100 orders racing through two processes at the per-user cap", async () => {
    const user = await toppedUpUser(processes.context, "2000.00");
    await setCaps("ETH/USDT", { perUser: "1000.00" });
    expect(counted(await race([user], "ETH/USDT"))).toBe(54);
    expect(await checkExposureInvariants(processes.context.db)).toEqual([]);
  });
});
