import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../market/seed";
import { onPostgres } from "../market/testing";
import { ManualClock } from "../platform/clock";
import { demoTopUp, postWithKey } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { quoted } from "../test/trading-fixtures";
import { useTwoProcesses } from "../test/two-processes";

describe.skipIf(!onPostgres())("a feed-anomaly halt across server processes (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 11, 0, 0)));
  const at = (s: number) => new Date(Date.UTC(2026, 0, 6, 11, 0, s));
  const processes = useTwoProcesses(clock, {}, seedCatalogue);

  it("written by the feed's process, refuses the next order on the other at once", async () => {
    const { a, b, context } = processes;
    const feed = a.tickfair.market.runner;
    const tick = async (s: number, price: bigint) => {
      clock.set(at(s).toISOString());
      feed.enqueue([{ symbol: "ETH/USDT", time: at(s), price, volume: 1n }]);
      await feed.flush();
    };
    const user = await registerAndLogin(context);
    await demoTopUp(a, user.auth, "100.00");
    const order = { symbol: "ETH/USDT", direction: "up", stake: "10.00", durationSeconds: 60 };
    const placeOnB = async () =>
      postWithKey(b, "/api/v1/trading/contracts", user.auth, await quoted(b.tickfair, order));

    for (let s = 1; s <= 30; s++) await tick(s, 300_000n + BigInt(s % 2) * 200n);
    // B has placed on ETH/USDT's terms as they stood: an open product.
    expect((await placeOnB()).statusCode).toBe(201);

    await tick(31, 330_000n);
    const refused = await placeOnB();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe("PRODUCT_CLOSED");
    const product = await b.inject({ method: "GET", url: "/api/v1/market/products/ETH-USDT" });
    expect(product.json()).toMatchObject({ status: "maintenance" });
  });
});
