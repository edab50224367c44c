import { type AccountSummary, fromMinor } from "@tickfair/contract";
import { userBalances } from "../ledger";
import type { Clock } from "../platform/clock";
import type { Executor } from "../platform/db";
import { settledResults } from "../trading";

export interface UserFigures {
  available: bigint;
  frozen: bigint;
  savings: bigint;
  totalAssets: bigint;
  accountPnl: bigint;
  todayPnl: bigint;
}

/**
 * The personal center's figures (ARCHITECTURE §5): balances from the ledger, P&L from the settled
 * contracts. Available = cash; frozen = open stakes + withdrawals under review; total = available +
 * frozen + Yu'ebao.
 */
export async function userFigures(
  db: Executor,
  userId: bigint,
  now: Date,
  timeZone: string,
): Promise<UserFigures> {
  const [balances, results] = await Promise.all([
    userBalances(db, userId),
    settledResults(db, userId, now, timeZone),
  ]);
  const frozen = balances.frozen_trade + balances.frozen_withdrawal;
  const savings = balances.savings_pending + balances.savings_confirmed;
  return {
    available: balances.cash,
    frozen,
    savings,
    totalAssets: balances.cash + frozen + savings,
    accountPnl: results.total,
    todayPnl: results.today,
  };
}

/** The figures as the API shows them (decimal strings). */
export function toAccountSummary(figures: UserFigures): AccountSummary {
  return {
    totalAssets: fromMinor(figures.totalAssets),
    available: fromMinor(figures.available),
    frozen: fromMinor(figures.frozen),
    savings: fromMinor(figures.savings),
    accountPnl: fromMinor(figures.accountPnl),
    todayPnl: fromMinor(figures.todayPnl),
  };
}

export interface FiguresDeps {
  db: Executor;
  clock: Clock;
  /** PLATFORM_TZ: where "today" of today's P&L begins. */
  platformTz: string;
}

/** The personal center's figures of a user as they stand now. */
export async function accountSummaryNow(deps: FiguresDeps, userId: bigint): Promise<AccountSummary> {
  return toAccountSummary(await userFigures(deps.db, userId, deps.clock.now(), deps.platformTz));
}
