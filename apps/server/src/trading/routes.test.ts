import type { Contract, ContractDetail } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { systemAccountIds, userBalances } from "../ledger/service";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { at, BTC, contractKit, ETH } from "../test/contract-kit";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { assignEntries, FEED_GAP_MS, FEED_SILENCE_MS } from "./service";

// No simulated feed: every tick here is recorded by the test, at times the manual clock sets.
const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, setStatus, place, order, contractsOf } = contractKit(t);

describe("placing and settling contracts", () => {
  it("takes the entry from the first tick after acceptance and settles win, lose and draw exactly", async () => {
    const start = nextHour();
    // A tick at the very moment of acceptance is not "after" it.
    await recordTicks(t.db, [feedTick(BTC, at(start, 0), 9_000_000n), feedTick(ETH, at(start, 0), 300_000n)]);
    const user = await fundedUser("1000.00");
    const up = await place(user.auth, order({ direction: "up" }));
    const down = await place(user.auth, order({ direction: "down" }));
    const draw = await place(user.auth, order({ symbol: ETH, direction: "up" }));
    for (const r of [up, down, draw]) expect(r.statusCode, r.body).toBe(201);
    const placed = up.json<Contract>();
    expect(placed).toMatchObject({ status: "pending", stake: "100.00", payoutRateBps: 8500, entry: null });
    expect(placed.orderNo).toMatch(/^C\d{10}$/);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 70_000n, frozen_trade: 30_000n });

    const entryTicks = await recordTicks(t.db, [
      feedTick(BTC, at(start, 1000), 9_500_000n),
      feedTick(ETH, at(start, 1000), 350_000n),
    ]);
    await settle();
    const open = await t.app.inject({
      method: "GET",
      url: "/api/v1/trading/contracts/open",
      headers: user.auth,
    });
    const items = open.json<{ items: Contract[] }>().items;
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item.status).toBe("open");
      expect(item.expiresAt).toBe(at(start, 61_000));
    }
    const btcEntry = items.find((c) => c.id === placed.id)?.entry;
    expect(btcEntry).toEqual({
      seq: entryTicks[0]?.seq.toString(),
      time: at(start, 1000),
      price: "95000.00",
      hash: entryTicks[0]?.hash,
    });

    await recordTicks(t.db, [
      feedTick(BTC, at(start, 30_000), 9_400_000n),
      feedTick(BTC, at(start, 60_500), 9_600_000n),
      feedTick(ETH, at(start, 59_000), 350_000n),
    ]);
    // Expired, but the exit is not final yet: a later tick could still be the last one at or before expiry.
    t.clock.set(at(start, 61_500));
    expect(await settle()).toEqual([]);
    // An exit exactly at expiry counts.
    await recordTicks(t.db, [feedTick(BTC, at(start, 61_000), 9_700_000n)]);
    await recordTicks(t.db, [feedTick(BTC, at(start, 62_000), 1n), feedTick(ETH, at(start, 62_000), 1n)]);
    t.clock.set(at(start, 62_000));
    const settled = await settle();
    expect(settled.map((s) => s.result).sort()).toEqual(["draw", "lose", "win"]);
    expect(await settle()).toEqual([]);

    // 700 + 185 (win) + 0 (loss) + 100 (draw)
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 98_500n, frozen_trade: 0n });
    const me = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: user.auth });
    expect(me.json().summary).toMatchObject({
      available: "985.00",
      frozen: "0.00",
      accountPnl: "-15.00",
      todayPnl: "-15.00",
    });
    // One journal for the batch: three contract postings and one house entry for the net (+15.00).
    const { house } = await systemAccountIds(t.db);
    const houseEntries = await t.db
      .selectFrom("ledger_entries")
      .select("amount")
      .where("account_id", "=", house)
      .execute();
    expect(houseEntries).toEqual([{ amount: 1_500n }]);

    const closed = await t.app.inject({
      method: "GET",
      url: "/api/v1/trading/contracts/closed",
      headers: user.auth,
    });
    const page = closed.json<{ items: Contract[]; nextCursor: string | null }>();
    expect(page.items.map((c) => [c.symbol, c.direction, c.result, c.payout, c.profit])).toEqual([
      [ETH, "up", "draw", "100.00", "0.00"],
      [BTC, "down", "lose", "0.00", "-100.00"],
      [BTC, "up", "win", "185.00", "85.00"],
    ]);
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/v1/trading/contracts/${placed.id}`,
      headers: user.auth,
    });
    const body = detail.json<ContractDetail>();
    expect(body.exit).toMatchObject({ time: at(start, 61_000), price: "97000.00" });
    expect(body.ticks.map((tick) => tick.price)).toEqual(["95000.00", "94000.00", "96000.00", "97000.00"]);
    expect(body.ticks[0]).toMatchObject({ ...body.entry });
    expect(body.ticks.at(-1)).toMatchObject({ ...body.exit });
    expect(
      (
        await t.app.inject({ method: "GET", url: "/api/v1/trading/contracts/open", headers: user.auth })
      ).json().items,
    ).toEqual([]);

    const records = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/fund-records",
      headers: user.auth,
    });
    expect(records.json().items.map((r: { type: string }) => r.type)).toEqual(
      expect.arrayContaining(["stake", "payout", "refund"]),
    );
  });

  it("pages closed contracts newest first and hides other users' contracts", async () => {
    const start = nextHour();
    const user = await fundedUser("1000.00");
    for (let i = 0; i < 3; i++) expect((await place(user.auth, order())).statusCode).toBe(201);
    // No entry tick, and the feed silent since: all three void.
    t.clock.set(at(start, FEED_GAP_MS + FEED_SILENCE_MS + 1));
    expect(await settle()).toHaveLength(3);
    const first = await t.app.inject({
      method: "GET",
      url: "/api/v1/trading/contracts/closed?limit=2",
      headers: user.auth,
    });
    const page1 = first.json<{ items: Contract[]; nextCursor: string }>();
    expect(page1.items).toHaveLength(2);
    const second = await t.app.inject({
      method: "GET",
      url: `/api/v1/trading/contracts/closed?limit=2&cursor=${page1.nextCursor}`,
      headers: user.auth,
    });
    const page2 = second.json<{ items: Contract[]; nextCursor: string | null }>();
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    expect(Number(page2.items[0]?.id)).toBeLessThan(Number(page1.items[1]?.id));
    const other = await registerAndLogin(t);
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/v1/trading/contracts/${page1.items[0]?.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("contracts the database keeps", () => {
  it("refuses to change a contract's terms, its entry once set, or anything once it is closed", async () => {
    const start = nextHour();
    const user = await fundedUser("100.00");
    const placed = await place(user.auth, order({ stake: "10.00" }));
    const id = placed.json().id as string;
    const edit = (change: string) =>
      sql.raw(`update contracts set ${change} where id = ${BigInt(id)}`).execute(t.db);
    const refused = /keeps its terms, its entry and its result/;
    await expect(edit("stake = stake * 2")).rejects.toThrow(refused);
    await expect(edit("payout_rate_bps = 100000")).rejects.toThrow(refused);
    await expect(edit("payout_table_version = payout_table_version + 1")).rejects.toThrow(refused);
    await recordTicks(t.db, [feedTick(BTC, at(start, 500), 9_500_000n)]);
    await assignEntries(t.db);
    await expect(edit("entry_price = entry_price + 1")).rejects.toThrow(refused);
    await recordTicks(t.db, [
      feedTick(BTC, at(start, 60_000), 9_600_000n),
      feedTick(BTC, at(start, 61_000), 9_600_000n),
    ]);
    t.clock.set(at(start, 61_000));
    expect(await settle()).toMatchObject([{ result: "win" }]);
    await expect(edit("result = 'lose'")).rejects.toThrow(refused);
    await expect(edit("settled_at = settled_at")).rejects.toThrow(refused);
    const after = await t.app.inject({ url: `/api/v1/trading/contracts/${id}`, headers: user.auth });
    expect(after.json()).toMatchObject({ stake: "10.00", result: "win", status: "settled" });
  });
});

describe("bad orders", () => {
  it("answers every bad order with a 4xx code and changes nothing", async () => {
    nextHour();
    const user = await fundedUser("100.00");
    await setStatus("SOL/USDT", "maintenance");
    /** One case a value: the order with `field` set to it, refused with `status` and `code`. */
    const refused = (field: string, values: unknown[], status: number, code: string) =>
      values.map((value): [Record<string, unknown>, number, string] => [
        order({ [field]: value }),
        status,
        code,
      ]);
    const cases: [Record<string, unknown>, number, string][] = [
      ...refused("stake", ["0", "0.00", "-10.00", "10.001", "1e3", 10], 400, "AMOUNT_INVALID"),
      ...refused("stake", ["9.99", "50000.01", "99999999999999.99"], 400, "STAKE_OUT_OF_RANGE"),
      ...refused("stake", ["100.01"], 400, "INSUFFICIENT_BALANCE"),
      ...refused("symbol", ["NOPE/USDT"], 404, "PRODUCT_NOT_FOUND"),
      ...refused("symbol", [""], 400, "VALIDATION_FAILED"),
      ...refused("symbol", ["SOL/USDT"], 409, "PRODUCT_CLOSED"),
      ...refused("durationSeconds", [45], 400, "DURATION_NOT_OFFERED"),
      ...refused("durationSeconds", [0, 60.5, "60"], 400, "VALIDATION_FAILED"),
      ...refused("direction", ["sideways"], 400, "VALIDATION_FAILED"),
      [{ symbol: BTC, direction: "up", stake: "10.00" }, 400, "REQUIRED"],
    ];
    for (const [body, status, code] of cases) {
      const response = await place(user.auth, body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(status);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
    }
    const missingKey = await place(user.auth, order(), null);
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const unauthenticated = await place({}, order());
    expect(unauthenticated.statusCode).toBe(401);
    expect(await contractsOf(user.userId)).toEqual([]);
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 10_000n, frozen_trade: 0n });
    await setStatus("SOL/USDT", "open");
  });

  it("places once per Idempotency-Key and refuses the key for a different order", async () => {
    nextHour();
    const user = await fundedUser("100.00");
    const first = await place(user.auth, order({ stake: "20.00" }), "order-1");
    const retry = await place(user.auth, order({ stake: "20.00" }), "order-1");
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().id).toBe(first.json().id);
    const reused = await place(user.auth, order({ stake: "30.00" }), "order-1");
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 8_000n, frozen_trade: 2_000n });
    expect(await contractsOf(user.userId)).toHaveLength(1);
  });

  it("ignores any price, time or outcome a client sends along", async () => {
    const start = nextHour();
    const user = await fundedUser("100.00");
    const response = await place(
      user.auth,
      order({
        entryPrice: "1.00",
        exitPrice: "999999.00",
        result: "win",
        acceptedAt: "2020-01-01T00:00:00Z",
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ acceptedAt: start.toISOString(), entry: null, result: null });
    t.clock.set(at(start, FEED_GAP_MS + FEED_SILENCE_MS + 1));
    const settled = await settle();
    expect(settled.filter((s) => s.userId === user.userId)).toMatchObject([{ result: "void" }]);
  });

  it("offers no write route but placing an order", async () => {
    const routes = t.app.printRoutes({ commonPrefix: false }).split("\n");
    const writes = routes.filter((line) => line.includes("/trading") && /(POST|PUT|PATCH|DELETE)/.test(line));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/api\/v1\/trading\/contracts \(POST\)$/);
  });
});
