import { fromMinor, type OperatorDashboard, type ReviewQueue } from "@tickfair/contract";
import { cashierDayFigures, reviewQueues } from "../cashier";
import { waitingChats } from "../chat";
import { feedStates } from "../market";
import { roleMayCall } from "../operators";
import type { Clock } from "../platform/clock";
import type { Executor } from "../platform/db";
import { platformDay } from "../platform/platform-day";
import type { Operator } from "../platform/schema";
import { tradingDayFigures } from "../trading";
import { verificationQueue } from "../verification";

/** A product's feed counts as live while its latest tick is younger than this. */
const LIVE_WITHIN_MS = 60_000;

export interface DashboardDeps {
  db: Executor;
  clock: Clock;
  /** PLATFORM_TZ: where "today" begins. */
  timeZone: string;
}

/**
 * Whether the operator's role may open a queue's list: its card leads there, so a role that would
 * meet a refusal is not shown the card. Read from the route table the guard checks, not a copy of it.
 */
const mayOpenQueue = (operator: Pick<Operator, "role">, queue: ReviewQueue["queue"]) =>
  roleMayCall(operator.role, `GET /api/v1/operator/${queue}`);

/**
 * The console's dashboard, for `operator`: the review queues their role may open. Each figure comes from the capability that owns its table (cashier,
 * trading, market) through its index.ts; the last ledger check from the audit log, which this
 * capability keeps. Every query is a range or lookup on an index, so the cost follows the day's
 * activity, not the size of the history.
 */
export async function operatorDashboard(
  deps: DashboardDeps,
  operator: Pick<Operator, "role">,
): Promise<OperatorDashboard> {
  const { db, timeZone } = deps;
  const now = deps.clock.now();
  const day = await platformDay(db, now, timeZone);
  const [queues, verifications, chats, cashier, trading, feed, ledgerCheck] = await Promise.all([
    reviewQueues(db),
    verificationQueue(db),
    waitingChats(db),
    cashierDayFigures(db, day.from, day.to),
    tradingDayFigures(db, day.from, day.to),
    feedStates(db, now),
    lastLedgerCheck(db),
  ]);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    generatedAt: now.toISOString(),
    day: { date: day.date, timeZone, from: day.from.toISOString(), to: day.to.toISOString() },
    queues: (
      [
        { queue: "deposits", waiting: queues.deposits.waiting, oldestAt: iso(queues.deposits.oldestAt) },
        {
          queue: "withdrawals",
          waiting: queues.withdrawals.waiting,
          oldestAt: iso(queues.withdrawals.oldestAt),
        },
        { queue: "verifications", waiting: verifications.waiting, oldestAt: iso(verifications.oldestAt) },
        { queue: "chats", waiting: chats.waiting, oldestAt: iso(chats.oldestAt) },
      ] satisfies ReviewQueue[]
    ).filter((queue) => mayOpenQueue(operator, queue.queue)),
    today: {
      depositsConfirmed: {
        count: cashier.depositsConfirmed.count,
        amount: fromMinor(cashier.depositsConfirmed.amount),
      },
      withdrawalsPaid: {
        count: cashier.withdrawalsPaid.count,
        amount: fromMinor(cashier.withdrawalsPaid.amount),
        fees: fromMinor(cashier.withdrawalsPaid.fees),
      },
      stakes: { count: trading.stakes.count, amount: fromMinor(trading.stakes.amount) },
      payouts: { count: trading.payouts.count, amount: fromMinor(trading.payouts.amount) },
      houseResult: fromMinor(trading.houseResult),
      activeUsers: trading.activeUsers,
    },
    feed: feed.map((product) => ({
      symbol: product.symbol,
      status: product.status,
      reopensAt: iso(product.reopensAt),
      lastTickAt: iso(product.lastTickAt),
      live: product.lastTickAt !== null && now.getTime() - product.lastTickAt.getTime() <= LIVE_WITHIN_MS,
    })),
    ledgerCheck,
  };
}

/**
 * The newest `ledger.check` entry of the audit log (through audit_log_action): written by the check
 * through the server and by `npm run ledger:check` on the database.
 */
export function lastLedgerCheckQuery(db: Executor) {
  return db
    .selectFrom("audit_log as a")
    .leftJoin("operators as o", "o.id", "a.operator_id")
    .select(["a.created_at", "a.detail", "o.username"])
    .where("a.action", "=", "ledger.check")
    .orderBy("a.id", "desc")
    .limit(1);
}

async function lastLedgerCheck(db: Executor): Promise<OperatorDashboard["ledgerCheck"]> {
  const row = await lastLedgerCheckQuery(db).executeTakeFirst();
  if (!row) return null;
  const detail = row.detail as { ok?: unknown; violations?: unknown };
  return {
    at: row.created_at.toISOString(),
    ok: detail.ok === true,
    violations: typeof detail.violations === "number" ? detail.violations : 0,
    by: row.username ?? "system",
  };
}
