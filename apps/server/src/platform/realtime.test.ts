import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../market/seed";
import { recordTicks } from "../market/ticks";
import { demoTopUp } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { openSignedInSocket, openTestSocket, useListeningApp } from "../test/socket";
import { placeContract } from "../test/trading-fixtures";

const { t, socketUrl } = useListeningApp();

const connect = () => openTestSocket(socketUrl());
const signedIn = (token: string) => openSignedInSocket(socketUrl(), token);

/** Seeds the catalogue and sets the clock to `hour` on the test day; gives that hour's seconds as times. */
async function marketAt(hour: number) {
  await seedCatalogue(t.db);
  const at = (s: number) => new Date(Date.UTC(2026, 0, 6, hour, 0, s));
  t.clock.set(at(0));
  return at;
}

describe("realtime", () => {
  it("pushes the user's new figures after a movement of their money, to them only", async () => {
    const user = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const mine = await signedIn(user.token);
    const theirs = await signedIn(other.token);

    await demoTopUp(t.app, user.auth, "42.50");
    expect(await mine.next()).toMatchObject({
      type: "account.updated",
      summary: { available: "42.50", totalAssets: "42.50" },
    });

    await theirs.nothingElse();
    mine.socket.close();
    theirs.socket.close();
  });

  it("closes a socket that does not authenticate with a valid session", async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.socket.on("close", (code) => resolve(code)));
    client.socket.send(JSON.stringify({ type: "auth", token: "A".repeat(43) }));
    expect(await client.next()).toEqual({ type: "error", code: "UNAUTHENTICATED" });
    expect(await closed).toBe(4401);

    const garbage = await connect();
    garbage.socket.send("{not json");
    expect(await garbage.next()).toEqual({ type: "error", code: "VALIDATION_FAILED" });
    garbage.socket.close();
  });
});

describe("market channels", () => {
  it("sends tickers and one product's ticks to anyone, with a backfill from a sequence", async () => {
    const at = await marketAt(10);
    await recordTicks(t.db, [{ symbol: "BTC/USDT", time: at(1), price: 6_700_000n, volume: 5n }]);
    await recordTicks(t.db, [{ symbol: "BTC/USDT", time: at(2), price: 6_700_100n, volume: 5n }]);

    const client = await connect();
    client.socket.send(JSON.stringify({ type: "subscribe.tickers" }));
    const tickers = await client.next();
    expect(tickers).toMatchObject({ type: "tickers", items: [{ symbol: "BTC/USDT", seq: "2" }] });

    client.socket.send(JSON.stringify({ type: "subscribe.product", symbol: "btc-usdt", fromSeq: "1" }));
    const backfill = await client.next();
    expect(backfill).toMatchObject({ type: "ticks", symbol: "BTC/USDT", items: [{ seq: "2" }] });

    const stored = await recordTicks(t.db, [
      { symbol: "BTC/USDT", time: at(3), price: 6_700_200n, volume: 5n },
    ]);
    t.app.tickfair.market.bus.publish(stored);
    expect(await client.next()).toMatchObject({ type: "ticks", items: [{ seq: "3" }] });
    const update = await client.next();
    expect(update).toMatchObject({ type: "tickers", items: [{ symbol: "BTC/USDT", seq: "3" }] });

    client.socket.send(JSON.stringify({ type: "subscribe.product", symbol: "NOPE" }));
    expect(await client.next()).toEqual({ type: "error", code: "PRODUCT_NOT_FOUND" });

    // One socket serves every screen: what a screen no longer shows stops coming.
    client.socket.send(JSON.stringify({ type: "unsubscribe.tickers" }));
    client.socket.send(JSON.stringify({ type: "unsubscribe.product" }));
    await client.nothingElse();
    t.app.tickfair.market.bus.publish(
      await recordTicks(t.db, [{ symbol: "BTC/USDT", time: at(4), price: 6_700_300n, volume: 5n }]),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await client.nothingElse();
    client.socket.close();
  });
});

describe("contract events", () => {
  it("tells the owner when a contract opens and when it settles, with the new figures once", async () => {
    const at = await marketAt(11);
    const user = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "100.00");
    const mine = await signedIn(user.token);
    const theirs = await signedIn(other.token);

    const placed = await placeContract(t.app, user.auth, {
      symbol: "ETH/USDT",
      direction: "up",
      stake: "10.00",
      durationSeconds: 30,
    });
    expect(await mine.next()).toMatchObject({ type: "account.updated", summary: { available: "90.00" } });

    const worker = t.app.tickfair.trading;
    await recordTicks(t.db, [{ symbol: "ETH/USDT", time: at(1), price: 350_000n, volume: 1n }]);
    await worker.flush();
    expect(await mine.next()).toMatchObject({
      type: "contract.opened",
      contract: {
        id: placed.json().id,
        status: "open",
        entry: { price: "3500.00" },
        expiresAt: at(31).toISOString(),
      },
    });

    await recordTicks(t.db, [
      { symbol: "ETH/USDT", time: at(30), price: 350_100n, volume: 1n },
      { symbol: "ETH/USDT", time: at(32), price: 349_000n, volume: 1n },
    ]);
    t.clock.set(at(32));
    await worker.flush();
    // 10 × (1 + 0.80) for a 30 s contract: 18.00 back, 108.00 available, P&L +8.00.
    expect(await mine.next()).toMatchObject({
      type: "contract.settled",
      contract: { id: placed.json().id, status: "settled", result: "win", payout: "18.00", profit: "8.00" },
      summary: { available: "108.00", accountPnl: "8.00" },
    });
    // The figures came with the result: no account.updated repeats them.
    await mine.nothingElse();

    // The other user heard nothing of it.
    await theirs.nothingElse();
    mine.socket.close();
    theirs.socket.close();
  });
});
