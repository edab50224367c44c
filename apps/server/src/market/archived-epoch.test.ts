import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createBlobStore } from "../platform/s3-blob-store";
import { testConfig, useTestApp } from "../test/harness";
import { verifyCommand } from "../test/verify-command";
import { feedTick, openTestFeed, tickAt } from "./testing";
import { archiveMonth } from "./tick-archiver";
import { recordTicks } from "./ticks";

const t = useTestApp({ FEED_ENABLED: false });
const BTC = "BTC/USDT";

/** `npm run verify -- epoch …` as anyone runs it against this server. */
const verifyEpoch = (url: string, index: number) =>
  verifyCommand("epoch", "--symbol", BTC, "--index", String(index), "--url", url);

describe("an epoch whose month of ticks was archived", () => {
  it("still verifies from the public pages, its ticks read from the archive", async () => {
    // The test clock's months (the product's own partitions were made for the real date).
    for (const month of ["2026-01-05", "2026-02-10"]) {
      await sql`select make_tick_month(${BTC}, ${month}::timestamptz)`.execute(t.db);
    }
    const feed = await openTestFeed(t.db, t.clock);
    const start = feed.chain.startsAt;
    // Epochs of ten seconds: the second's seed is out once the third has begun.
    for (let s = 0; s <= 31; s++) await tickAt(feed, t.db, t.clock, start + s * 1000);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const live = await verifyEpoch(url, 2);
    expect(live).toMatchObject({
      code: 0,
      out: { ok: true, symbol: BTC, index: 2, ticks: 10, recorded: 10 },
    });

    await recordTicks(t.db, [feedTick(BTC, "2026-02-10T00:00:00Z", 9_000_000n)]);
    const archived = await archiveMonth(t.db, createBlobStore(testConfig()), BTC, "ticks_btcusdt_2026_01");
    expect(archived.ticks).toBe(32);
    expect(await verifyEpoch(url, 2)).toEqual(live);
  });
});
