import { fromMinor, type OperatorDashboard, operatorDashboard, toMinor } from "@tickfair/contract";
import { CompiledQuery } from "kysely";
import { describe, expect, it } from "vitest";
import { cashierDayQuery, reviewQueuesQuery } from "../cashier/dashboard-figures";
import { waitingChatsQuery } from "../chat/summaries";
import { feedStatesQuery } from "../market/feed-state";
import { roleMayCall } from "../operators/permissions";
import type { Executor } from "../platform/db";
import {
  askDeposit,
  bankMethod,
  bindBankCard,
  operatorAuth,
  postWithdrawal,
  postWithKey,
  toppedUpUser,
} from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { placeAndSettle } from "../test/trading-fixtures";
import { tradingDayQuery } from "../trading/day-figures";
import { verificationQueueQuery } from "../verification/queue";
import { lastLedgerCheckQuery } from "./dashboard";

const QUEUE_ROUTES = [
  ["deposits", "GET /api/v1/operator/deposits"],
  ["withdrawals", "GET /api/v1/operator/withdrawals"],
  ["verifications", "GET /api/v1/operator/verifications"],
  ["chats", "GET /api/v1/operator/chats"],
] as const;

// The platform's day is Asia/Shanghai's (UTC+8): 2026-01-05 runs from 2026-01-04T16:00Z to 2026-01-05T16:00Z.
const t = useTestApp({ PLATFORM_TZ: "Asia/Shanghai", FEED_ENABLED: false });
const url = "/api/v1/operator/dashboard";

async function dashboard(headers: Record<string, string>): Promise<OperatorDashboard> {
  const answer = await t.app.inject({ method: "GET", url, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return operatorDashboard.parse(answer.json());
}

/** A contract of `auth`'s user opened at the clock's time and settled 61 s later: up, so a rise wins. */
async function tradeAndSettle(auth: Record<string, string>, exitPrice: bigint) {
  const { id } = await placeAndSettle(t, auth, exitPrice);
  const contract = await t.app.inject({ url: `/api/v1/trading/contracts/${id}`, headers: auth });
  return contract.json<{ stake: string; payout: string }>();
}

describe("GET /operator/dashboard", () => {
  it("shows queues, today's figures in the platform's day, the feed and the last ledger check", async () => {
    const method = await bankMethod(t);
    const finance = await operatorAuth(t, "finance");
    const admin = await operatorAuth(t, "admin");

    /** At `at`, a new user topped up with `balance` who asks for a deposit by bank transfer. */
    const userAsking = async (
      at: string,
      balance: string,
      deposit: { amount: string; reference: string },
    ) => {
      t.clock.set(at);
      const user = await toppedUpUser(t, balance);
      return { user, deposit: await askDeposit(t.app, user.auth, { methodId: method.id, ...deposit }) };
    };

    // Yesterday, 23:59 in Shanghai: a deposit left waiting, and a contract that closes after midnight.
    const { user: early, deposit: waiting } = await userAsking("2026-01-04T15:59:00Z", "500.00", {
      amount: "30.00",
      reference: "waiting",
    });
    const waitingSince = waiting.createdAt;
    const overnight = await tradeAndSettle(early.auth, 8_000_000n);

    // Today, 09:00: a deposit confirmed, a withdrawal paid, another waiting, and a winning contract.
    const { user, deposit } = await userAsking("2026-01-05T01:00:00Z", "1000.00", {
      amount: "100.00",
      reference: "today",
    });
    const confirmed = await postWithKey(
      t.app,
      `/api/v1/operator/deposits/${deposit.id}/confirm`,
      finance.headers,
      {},
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await bindBankCard(t.app, user.auth);
    const payPassword = user.registration.payPassword;
    const paid = await postWithdrawal(t.app, user.auth, {
      amount: "50.00",
      payPassword,
    });
    const approved = await postWithKey(
      t.app,
      `/api/v1/operator/withdrawals/${paid.json<{ id: string }>().id}/approve`,
      finance.headers,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await postWithdrawal(t.app, user.auth, { amount: "20.00", payPassword });
    const win = await tradeAndSettle(user.auth, 9_900_000n);

    const board = await dashboard(admin.headers);
    expect(board.day).toEqual({
      date: "2026-01-05",
      timeZone: "Asia/Shanghai",
      from: "2026-01-04T16:00:00.000Z",
      to: "2026-01-05T16:00:00.000Z",
    });
    expect(board.queues).toEqual([
      { queue: "deposits", waiting: 1, oldestAt: waitingSince },
      { queue: "withdrawals", waiting: 1, oldestAt: expect.any(String) },
      { queue: "verifications", waiting: 0, oldestAt: null },
      { queue: "chats", waiting: 0, oldestAt: null },
    ]);
    const payouts = toMinor(overnight.payout) + toMinor(win.payout);
    const staked = toMinor(overnight.stake) + toMinor(win.stake);
    expect(board.today).toEqual({
      depositsConfirmed: { count: 1, amount: "100.00" },
      withdrawalsPaid: {
        count: 1,
        amount: "50.00",
        fees: approved.json<{ fee: string }>().fee,
      },
      // The overnight contract was placed yesterday: its stake is yesterday's, its payout today's.
      stakes: { count: 1, amount: win.stake },
      payouts: { count: 2, amount: fromMinor(payouts) },
      houseResult: fromMinor(staked - payouts),
      activeUsers: 1,
    });
    expect(toMinor(win.payout)).toBeGreaterThan(toMinor(win.stake));

    const btc = board.feed.find((product) => product.symbol === "BTC/USDT");
    expect(btc).toMatchObject({ status: "open", lastTickAt: expect.any(String), live: true });
    expect(board.feed.length).toBeGreaterThan(1);
    expect(board.ledgerCheck).toBeNull();

    const check = await t.app.inject({ url: "/api/v1/operator/ledger/check", headers: admin.headers });
    expect(check.statusCode).toBe(200);
    expect((await dashboard(admin.headers)).ledgerCheck).toEqual({
      at: t.clock.now().toISOString(),
      ok: true,
      violations: 0,
      by: admin.username,
    });

    // The feed goes quiet: a minute later it is no longer live.
    t.clock.advance(5 * 60_000);
    expect((await dashboard(finance.headers)).feed.find((p) => p.symbol === "BTC/USDT")?.live).toBe(false);
  });

  it("is for every operator role, and no user", async () => {
    for (const role of ["support", "finance", "admin"] as const) {
      const operator = await operatorAuth(t, role);
      expect((await t.app.inject({ url, headers: operator.headers })).statusCode).toBe(200);
    }
    const user = await toppedUpUser(t, "10.00");
    expect((await t.app.inject({ url, headers: user.auth })).statusCode).toBe(401);
  });

  it("shows each role only the queues it may open, as the permission table says", async () => {
    const expected = { support: ["verifications", "chats"], finance: ["deposits", "withdrawals"] };
    for (const role of ["support", "finance", "admin"] as const) {
      const operator = await operatorAuth(t, role);
      const queues = (await dashboard(operator.headers)).queues.map((queue) => queue.queue);
      const mayOpen = QUEUE_ROUTES.filter(([, route]) => roleMayCall(role, route)).map(([queue]) => queue);
      expect(queues, role).toEqual(mayOpen);
      // Each queue the card opens answers this role: none leads to a refusal.
      for (const queue of queues) {
        const list = await t.app.inject({ url: `/api/v1/operator/${queue}`, headers: operator.headers });
        expect(list.statusCode, `${role} ${queue}`).toBe(200);
      }
      if (role !== "admin") expect(queues, role).toEqual(expected[role]);
    }
  });

  it("reads every figure through an index, never a scan of the table", async () => {
    const from = new Date("2026-01-04T16:00:00Z");
    const to = new Date("2026-01-05T16:00:00Z");
    const queries: [string, (db: Executor) => CompiledQuery][] = [
      ["queues", (db) => reviewQueuesQuery().compile(db)],
      ["verifications", (db) => verificationQueueQuery().compile(db)],
      ["chats", (db) => waitingChatsQuery().compile(db)],
      ["cashier", (db) => cashierDayQuery(from, to).compile(db)],
      ["trading", (db) => tradingDayQuery(from, to).compile(db)],
      ["feed", (db) => feedStatesQuery(db).compile()],
      ["ledger check", (db) => lastLedgerCheckQuery(db).compile()],
    ];
    await t.db.connection().execute(async (connection) => {
      // With tables this small the planner would scan them anyway; off, it scans only where no index serves.
      await connection.executeQuery(CompiledQuery.raw("set enable_seqscan = off"));
      try {
        for (const [name, query] of queries) {
          const compiled = query(connection);
          const plan = await connection.executeQuery<{ "QUERY PLAN": string }>(
            CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
          );
          const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
          expect(text, name).not.toMatch(/Seq Scan on (contracts|deposits|withdrawals|audit_log|ticks)/);
        }
      } finally {
        await connection.executeQuery(CompiledQuery.raw("reset enable_seqscan"));
      }
    });
  });
});
