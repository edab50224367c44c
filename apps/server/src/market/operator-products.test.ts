import type { Contract, OperatorChainVerification, OperatorProductList } from "@tickfair/contract";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { operatorAuth, toppedUpUser } from "../test/cashier-fixtures";
import { auditEntry } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { placeContract } from "../test/trading-fixtures";
import { assignEntries } from "../trading/service";
import { settleDueContracts } from "../trading/settlement";
import { feedTick } from "./testing";
import { recordTicks } from "./ticks";

/** The console's markets: the products' settings, a change that applies to new contracts only, and chain checks. */
const t = useTestApp({ FEED_ENABLED: false });
const API = "/api/v1/operator/market/products";
let admin: Record<string, string>;
let support: Record<string, string>;

beforeAll(async () => {
  admin = (await operatorAuth(t, "admin")).headers;
  support = (await operatorAuth(t, "support")).headers;
});

const at = (base: Date, ms: number) => new Date(base.getTime() + ms).toISOString();
/** Each test starts ten minutes on (within the operators' idle time), so its ticks continue every chain. */
function later(): Date {
  t.clock.advance(10 * 60_000);
  return t.clock.now();
}
const put = (symbol: string, payload: object, headers = admin) =>
  t.app.inject({ method: "PUT", url: `${API}/${encodeURIComponent(symbol)}`, payload, headers });
const verify = (symbol: string, from: string, to: string, headers = support) =>
  t.app.inject({
    method: "GET",
    url: `${API}/${encodeURIComponent(symbol)}/verify?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    headers,
  });

describe("the products' settings", () => {
  it("lists every product with what was set and what is in force, to every role", async () => {
    const start = later();
    await recordTicks(t.db, [feedTick("ETH/USDT", at(start, 0), 300_000n)]);
    const response = await t.app.inject({ method: "GET", url: API, headers: support });
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<OperatorProductList>();
    expect(items.length).toBeGreaterThan(5);
    const eth = items.find((p) => p.symbol === "ETH/USDT");
    expect(eth).toMatchObject({
      setStatus: "open",
      maintenanceUntil: null,
      schedule: "always",
      status: "open",
      durations: expect.arrayContaining([{ seconds: 60, payoutRateBps: 8500 }]),
      lastTick: { seq: expect.any(String), time: at(start, 0) },
    });
    expect(items.find((p) => p.symbol === "EUR/USD")?.schedule).toBe("fx_week");
    expect((await t.app.inject({ method: "GET", url: API })).statusCode).toBe(401);
  });

  it("changes status, maintenance, trading hours, rates and stakes with a reason, audited", async () => {
    const reopens = new Date(t.clock.now().getTime() + 2 * 60 * 60_000).toISOString();
    const changed = await put("SOL/USDT", {
      status: "maintenance",
      reopensAt: reopens,
      schedule: "fx_week",
      durations: [{ seconds: 120, payoutRateBps: 8700 }],
      minStake: "5.00",
      maxStake: "500.00",
      reason: "Exchange maintenance window",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { items } = (
      await t.app.inject({ method: "GET", url: API, headers: support })
    ).json<OperatorProductList>();
    expect(items.find((p) => p.symbol === "SOL/USDT")).toMatchObject({
      setStatus: "maintenance",
      maintenanceUntil: reopens,
      schedule: "fx_week",
      status: "maintenance",
      durations: [{ seconds: 120, payoutRateBps: 8700 }],
      minStake: "5.00",
      maxStake: "500.00",
    });
    const audit = await auditEntry(t.db, "market.product.update");
    expect(audit).toMatchObject({ target_id: "SOL/USDT", reason: "Exchange maintenance window" });
    expect(audit.detail).toMatchObject({
      before: { status: "open", schedule: "always" },
      after: {
        status: "maintenance",
        schedule: "fx_week",
        durations: [{ seconds: 120, payoutRateBps: 8700 }],
      },
    });

    for (const body of [{ schedule: "weekdays" }, { status: "open" }, { schedule: "always", reason: "" }]) {
      const refused = await put("SOL/USDT", body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bySupport = await put("SOL/USDT", { status: "open", reason: "Maintenance done" }, support);
    expect(bySupport.statusCode).toBe(403);
  });

  it("applies a new rate to new contracts only: an open contract settles at the rate it was accepted with", async () => {
    const start = later();
    await recordTicks(t.db, [feedTick("BTC/USDT", at(start, 0), 9_000_000n)]);
    const user = await toppedUpUser(t, "1000.00");
    const order = { symbol: "BTC/USDT", direction: "up" as const, stake: "100.00", durationSeconds: 60 };
    const before = (await placeContract(t.app, user.auth, order)).json<Contract>();
    expect(before.payoutRateBps).toBe(8500);

    const raised = await put("BTC/USDT", {
      durations: [
        { seconds: 60, payoutRateBps: 9500 },
        { seconds: 300, payoutRateBps: 9200 },
      ],
      reason: "Promotional rate",
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const after = (await placeContract(t.app, user.auth, order)).json<Contract>();
    expect(after.payoutRateBps).toBe(9500);

    // Both enter at 95,000 and exit at 97,000: both win, each at its own rate.
    await recordTicks(t.db, [feedTick("BTC/USDT", at(start, 1000), 9_500_000n)]);
    await assignEntries(t.db);
    await recordTicks(t.db, [
      feedTick("BTC/USDT", at(start, 61_000), 9_700_000n),
      feedTick("BTC/USDT", at(start, 62_000), 9_700_000n),
    ]);
    t.clock.set(at(start, 62_000));
    const settled = await settleDueContracts(t.db, t.clock.now());
    expect(settled.map((s) => [String(s.id), s.result, s.payout]).sort()).toEqual(
      [
        [before.id, "win", 18_500n],
        [after.id, "win", 19_500n],
      ].sort(),
    );
    for (const [contract, payout] of [
      [before, "185.00"],
      [after, "195.00"],
    ] as const) {
      const detail = await t.app.inject({
        method: "GET",
        url: `/api/v1/trading/contracts/${contract.id}`,
        headers: user.auth,
      });
      expect(detail.json<Contract>()).toMatchObject({ payoutRateBps: contract.payoutRateBps, payout });
    }
  });
});

describe("verifying a product's chain over a time range", () => {
  // A fresh session: the tests above moved the clock past the first one's idle time.
  beforeAll(async () => {
    support = (await operatorAuth(t, "support")).headers;
  });

  it("re-hashes every tick recorded in the range", async () => {
    const start = later();
    for (let s = 0; s < 8; s++) {
      await recordTicks(t.db, [feedTick("XAU/USD", at(start, s * 1000), BigInt(2_300_00 + s))]);
    }
    // XAU/USD trades the FX week: the test clock's Monday morning is inside it.
    const stored = await t.db
      .withTables<{ ticks: { symbol: string; seq: bigint; time: Date } }>()
      .selectFrom("ticks")
      .select(["seq", "time"])
      .where("symbol", "=", "XAU/USD")
      .where("time", ">=", start)
      .orderBy("seq")
      .execute();
    const whole = await verify("XAU/USD", at(start, 0), at(start, 60_000));
    expect(whole.statusCode, whole.body).toBe(200);
    expect(stored).toHaveLength(8);
    expect(whole.json<OperatorChainVerification>()).toMatchObject({
      symbol: "XAU/USD",
      fromSeq: String(stored[0]?.seq),
      toSeq: String(stored.at(-1)?.seq),
      checked: stored.length,
      valid: true,
      firstBrokenSeq: null,
    });
  });

  it("finds a tampered tick, and an empty range is valid with nothing checked", async () => {
    const start = later();
    for (let s = 0; s < 6; s++) {
      await recordTicks(t.db, [feedTick("ETH/USDT", at(start, s * 1000), BigInt(1_000 + s))]);
    }
    const third = await t.db
      .withTables<{ ticks: { symbol: string; seq: bigint; time: Date } }>()
      .selectFrom("ticks")
      .select("seq")
      .where("symbol", "=", "ETH/USDT")
      .where("time", "=", new Date(at(start, 2000)))
      .executeTakeFirstOrThrow();
    await sql`alter table ticks disable trigger user`.execute(t.db);
    try {
      await sql`update ticks set price = price + 1 where symbol = 'ETH/USDT' and seq = ${third.seq}`.execute(
        t.db,
      );
    } finally {
      await sql`alter table ticks enable trigger user`.execute(t.db);
    }
    const broken = await verify("ETH/USDT", at(start, 0), at(start, 5000));
    expect(broken.json<OperatorChainVerification>()).toMatchObject({
      valid: false,
      firstBrokenSeq: String(third.seq),
      checked: 2,
    });
    const after = await verify("ETH/USDT", at(start, 3000), at(start, 5000));
    expect(after.json()).toMatchObject({ valid: true, checked: 3 });
    const empty = await verify("ETH/USDT", at(start, 10_000), at(start, 20_000));
    expect(empty.json()).toMatchObject({ valid: true, checked: 0, fromSeq: null, firstBrokenSeq: null });
  });

  it("refuses a range over 24 hours, backwards or malformed, and an unknown product, each with a code", async () => {
    const cases: [string, string, string, number, string][] = [
      ["BTC/USDT", "2026-01-01T00:00:00Z", "2026-01-02T00:00:01Z", 400, "RANGE_TOO_LARGE"],
      ["BTC/USDT", "2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z", 400, "RANGE_INVALID"],
      ["BTC/USDT", "yesterday", "2026-01-01T00:00:00Z", 400, "RANGE_INVALID"],
      ["NOPE/USD", "2026-01-01T00:00:00Z", "2026-01-01T01:00:00Z", 404, "PRODUCT_NOT_FOUND"],
    ];
    for (const [symbol, from, to, status, code] of cases) {
      const response = await verify(symbol, from, to);
      expect(response.statusCode, `${symbol} ${from} ${to}`).toBe(status);
      expect(response.json().error.code).toBe(code);
    }
    const missing = await t.app.inject({ method: "GET", url: `${API}/BTC-USDT/verify`, headers: support });
    expect(missing.statusCode).toBe(400);
  });
});
