import { reviewQueues } from "../cashier";
import { waitingChats } from "../chat";
import { lastLedgerCheck } from "../ledger";
import { feedStates } from "../market";
import type { Clock } from "../platform/clock";
import type { Executor } from "../platform/db";
import { platformDay } from "../platform/platform-day";
import { unpaidSavers } from "../savings";
import { settlementBacklog } from "../trading";
import { verificationQueue } from "../verification";

export interface BacklogDeps {
  db: Executor;
  clock: Clock;
  timeZone: string;
}

/** What the scrape reports from the database, each figure read through its owner's face. */
export interface Backlog {
  settlement: { due: number; oldestAgeSeconds: number };
  unpaidSavers: number;
  queues: { queue: string; waiting: number; oldestAgeSeconds: number }[];
  feed: { symbol: string; open: boolean; lastTickAgeSeconds: number | null }[];
  ledgerCheck: { ok: boolean; ageSeconds: number } | null;
}

/** Ages are taken on the server's clock, so a manual clock in tests (and a shifted one in journeys) shows in them. */
export async function readBacklog(deps: BacklogDeps): Promise<Backlog> {
  const { db } = deps;
  const now = deps.clock.now();
  const age = (at: Date | null) => (at === null ? 0 : Math.max(0, (now.getTime() - at.getTime()) / 1000));
  const day = await platformDay(db, now, deps.timeZone);
  const [settlement, savers, cashier, verifications, chats, feed, ledgerCheck] = await Promise.all([
    settlementBacklog(db, now),
    unpaidSavers(db, day.date),
    reviewQueues(db),
    verificationQueue(db),
    waitingChats(db),
    feedStates(db, now),
    lastLedgerCheck(db),
  ]);
  const queue = (name: string, state: { waiting: number; oldestAt: Date | null }) => ({
    queue: name,
    waiting: state.waiting,
    oldestAgeSeconds: age(state.oldestAt),
  });
  return {
    settlement: { due: settlement.due, oldestAgeSeconds: age(settlement.oldestExpiryAt) },
    unpaidSavers: savers,
    queues: [
      queue("deposits", cashier.deposits),
      queue("withdrawals", cashier.withdrawals),
      queue("verifications", verifications),
      queue("chats", chats),
    ],
    feed: feed.map((product) => ({
      symbol: product.symbol,
      open: product.status === "open",
      lastTickAgeSeconds: product.lastTickAt === null ? null : age(product.lastTickAt),
    })),
    ledgerCheck: ledgerCheck && { ok: ledgerCheck.ok, ageSeconds: age(ledgerCheck.at) },
  };
}
