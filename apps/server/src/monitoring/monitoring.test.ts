import type { HealthReadyResponse } from "@tickfair/contract";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { recordLedgerCheck } from "../ledger/check-record";
import { checkLedgerInvariants } from "../ledger/invariants";
import { askDeposit, bankMethod, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { conversationWith } from "../test/message-fixtures";
import { openContract, placeContract } from "../test/trading-fixtures";
import { scrapeGuard } from "./guard";
import { parseScrape, promtoolCheck, promtoolExpect, sampleValue } from "./testing";

const TOKEN = "a-scrape-token-of-some-length";
const t = useTestApp({ METRICS_TOKEN: TOKEN });

const scrape = async () => {
  const response = await t.app.inject({ url: "/metrics" });
  expect(response.statusCode, response.body).toBe(200);
  return parseScrape(response.body);
};

const recordCheck = async (ok: boolean) => {
  const report = await checkLedgerInvariants(t.db);
  await recordLedgerCheck(t.db, t.clock, null, { ...report, ok }, "cli");
};

describe("who may scrape /metrics", () => {
  it("answers loopback, and refuses any other address as a route that does not exist", async () => {
    const local = await t.app.inject({ url: "/metrics" });
    expect(local.statusCode).toBe(200);
    expect(local.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const unknown = await t.app.inject({ url: "/no-such-page", remoteAddress: "203.0.113.9" });
    const remote = await t.app.inject({ url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual(unknown.json());
  });

  it("answers any address with the token, and no address with a wrong one", async () => {
    const remote = { url: "/metrics", remoteAddress: "203.0.113.9" };
    const right = await t.app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    const wrong = await t.app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(404);
  });

  it("matches ranges and IPv4 peers of a dual-stack listener", () => {
    const allowed = scrapeGuard(["127.0.0.1/8", "::1", "10.1.0.0/16"], undefined);
    expect(allowed("127.0.0.2", undefined)).toBe(true);
    expect(allowed("::ffff:127.0.0.1", undefined)).toBe(true);
    expect(allowed("::1", undefined)).toBe(true);
    expect(allowed("10.1.200.3", undefined)).toBe(true);
    expect(allowed("10.2.0.1", undefined)).toBe(false);
    expect(allowed("10.1.0.1", "Bearer anything")).toBe(true);
    expect(scrapeGuard([], undefined)("127.0.0.1", undefined)).toBe(false);
  });
});

describe("health", () => {
  const ready = async () => {
    const response = await t.app.inject({ url: "/api/v1/health/ready" });
    return { status: response.statusCode, body: response.json<HealthReadyResponse>() };
  };

  it("answers live, and ready while the database is migrated and the process is not draining", async () => {
    const live = await t.app.inject({ url: "/api/v1/health/live" });
    expect(live.json()).toEqual({ status: "ok" });
    expect(await ready()).toEqual({ status: 200, body: { status: "ready", failed: [] } });
  });

  it("is not ready while draining", async () => {
    t.app.tickfair.lifecycle.shuttingDown = true;
    try {
      expect(await ready()).toEqual({ status: 503, body: { status: "not_ready", failed: ["draining"] } });
    } finally {
      t.app.tickfair.lifecycle.shuttingDown = false;
    }
  });

  it("is not ready while a migration of this build has not run", async () => {
    const newest = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db);
    const row = newest.rows[0];
    if (!row) throw new Error("no migration recorded");
    await sql`delete from kysely_migration where name = ${row.name}`.execute(t.db);
    try {
      expect(await ready()).toEqual({ status: 503, body: { status: "not_ready", failed: ["migrations"] } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
        t.db,
      );
    }
  });
});

describe("the scrape", () => {
  it("times requests by their route pattern, never the raw address", async () => {
    await t.app.inject({ url: "/api/v1/health/live" });
    await t.app.inject({ url: "/api/v1/trading/contracts/12345" });
    const samples = await scrape();
    const routes = new Set(
      samples
        .filter((s) => s.name === "tickfair_http_request_duration_seconds_count")
        .map((s) => s.labels.route),
    );
    expect(routes).toContain("/api/v1/health/live");
    expect([...routes].some((route) => route?.includes("12345"))).toBe(false);
    expect(sampleValue(samples, "tickfair_process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleValue(samples, "tickfair_nodejs_eventloop_lag_seconds")).toBeDefined();
    expect(sampleValue(samples, "tickfair_websocket_connections")).toBe(0);
  });

  it("shows the PostgreSQL pool's use, and no pool on the embedded database", async () => {
    const samples = await scrape();
    const max = sampleValue(samples, "tickfair_db_pool_max_connections");
    if (process.env.TEST_DB !== "postgres") {
      expect(max).toBeUndefined();
      return;
    }
    // The test harness's pool (test/harness.ts).
    expect(max).toBe(30);
    const busy = sampleValue(samples, "tickfair_db_pool_connections", { state: "busy" }) ?? -1;
    const idle = sampleValue(samples, "tickfair_db_pool_connections", { state: "idle" }) ?? -1;
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(busy + idle).toBeGreaterThan(0);
    expect(sampleValue(samples, "tickfair_db_pool_waiting_queries")).toBe(0);
  });
});

describe("alert rules on a real scrape", () => {
  it("are valid rules", async () => {
    expect(await promtoolCheck()).toMatch(/SUCCESS: \d+ rules found/);
  });

  it("fire on nothing while the server is healthy", async () => {
    await recordCheck(true);
    await promtoolExpect(await scrape(), {});
  });

  describe("when everything is behind", () => {
    let contractExpiry: Date;
    let lastTick: Date;
    beforeAll(async () => {
      t.clock.set("2026-02-02T02:00:00Z");
      const method = await bankMethod(t);
      const user = await toppedUpUser(t, "500.00");
      await askDeposit(t.app, user.auth, { methodId: method.id, amount: "30.00", reference: "waiting" });
      await conversationWith(t, user.auth);
      await openContract(
        t,
        async (order) => (await placeContract(t.app, user.auth, order)).json<{ id: string }>().id,
      );
      const contract = await t.db.selectFrom("contracts").select("expiry_at").executeTakeFirstOrThrow();
      contractExpiry = contract.expiry_at ?? new Date(0);
      const tick = await sql<{ time: Date }>`select max(time) as time from ticks`.execute(t.db);
      lastTick = tick.rows[0]?.time ?? new Date(0);
      await t.db
        .insertInto("savers")
        .values({ user_id: user.userId, accrued_through: "2026-01-20", created_at: t.clock.now() })
        .execute();
      await recordCheck(false);
      t.clock.advance(2 * 60 * 60_000);
    });

    it("reports each backlog's age on the server's clock", async () => {
      const samples = await scrape();
      const now = t.clock.now().getTime();
      expect(sampleValue(samples, "tickfair_review_queue_oldest_age_seconds", { queue: "deposits" })).toBe(
        7200,
      );
      expect(sampleValue(samples, "tickfair_review_queue_items", { queue: "deposits" })).toBe(1);
      expect(sampleValue(samples, "tickfair_review_queue_oldest_age_seconds", { queue: "chats" })).toBe(7200);
      expect(sampleValue(samples, "tickfair_settlement_due_contracts")).toBe(1);
      expect(sampleValue(samples, "tickfair_settlement_oldest_due_age_seconds")).toBe(
        (now - contractExpiry.getTime()) / 1000,
      );
      expect(sampleValue(samples, "tickfair_product_last_tick_age_seconds", { symbol: "BTC/USDT" })).toBe(
        (now - lastTick.getTime()) / 1000,
      );
      expect(sampleValue(samples, "tickfair_savings_unpaid_savers")).toBe(1);
      expect(sampleValue(samples, "tickfair_ledger_check_ok")).toBe(0);
      expect(sampleValue(samples, "tickfair_ledger_check_age_seconds")).toBe(7200);
    });

    it("fire the stale feed, settlement, ledger, queue, chat and savings alerts", async () => {
      await promtoolExpect(await scrape(), {
        TickfairFeedStale: [{ symbol: "BTC/USDT" }],
        TickfairSettlementBacklog: [{}],
        TickfairLedgerCheckFailed: [{}],
        TickfairReviewQueueOld: [{ queue: "deposits" }],
        TickfairChatWaiting: [{}],
        TickfairSavingsUnpaid: [{}],
      });
    });

    it("fire the old ledger check alert a day after the last check", async () => {
      t.clock.advance(27 * 60 * 60_000);
      await recordCheck(true);
      t.clock.advance(27 * 60 * 60_000);
      // The ledger's series alone: the other backlogs of this test still fire their own alerts.
      const samples = (await scrape()).filter((sample) => sample.name.startsWith("tickfair_ledger"));
      const fired = await promtoolExpect(samples, { TickfairLedgerCheckOld: [{}] });
      expect(fired).toMatch(/SUCCESS/);
    });
  });
});
