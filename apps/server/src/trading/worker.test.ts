import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { MarketBus } from "../market/bus";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { demoTopUp } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { placeContract } from "../test/trading-fixtures";
import type { ContractRef } from "./service";
import { TradingWorker } from "./worker";

const t = useTestApp({ FEED_ENABLED: false });

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("TradingWorker", () => {
  it("assigns entries from published ticks, settles on its timer and tells the user's app of both", async () => {
    const bus = new MarketBus();
    const opened: ContractRef[] = [];
    const settled: ContractRef[] = [];
    const worker = new TradingWorker(
      {
        db: t.db,
        clock: t.clock,
        bus,
        log: { error: () => {} },
        contractsOpened: (refs) => void opened.push(...refs),
        contractsSettled: (refs) => void settled.push(...refs),
      },
      { intervalMs: 20 },
    );
    worker.start();
    const start = t.clock.now();
    const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "50.00");
    const placed = await placeContract(t.app, user.auth, {
      symbol: "ETH/USDT",
      direction: "down",
      stake: "20.00",
      durationSeconds: 30,
    });

    bus.publish(await recordTicks(t.db, [feedTick("ETH/USDT", at(1000), 350_000n)]));
    const open = () =>
      t.app.inject({ method: "GET", url: "/api/v1/trading/contracts/open", headers: user.auth });
    await until(async () => (await open()).json().items[0]?.status === "open");
    bus.publish(await recordTicks(t.db, [feedTick("ETH/USDT", at(30_000), 340_000n)]));
    t.clock.set(at(31_500));
    bus.publish(await recordTicks(t.db, [feedTick("ETH/USDT", at(31_500), 330_000n)]));
    await until(async () => (await open()).json().items.length === 0);
    await worker.stop();
    // 50 − 20 + 20 × 1.80 (30 s: 8000 bps)
    expect((await userBalances(t.db, user.userId)).cash).toBe(6_600n);
    const contract = { id: BigInt(placed.json().id), userId: user.userId };
    expect(opened).toEqual([contract]);
    expect(settled).toMatchObject([contract]);
    expect(bus.listenerCount).toBe(0);
  });
});
