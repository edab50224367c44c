import {
  fromMinor,
  LIMIT_KINDS,
  type LimitKind,
  type SessionActivity,
  type UserLimits,
} from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { limitInForce, limitPending, type PerPeriod, showLimitValue, type TradingUsage } from "./rules";
import { activeBreakOf, storedLimits } from "./store";

/** What a user's periods have used so far: their trading and their deposit requests. */
export interface LimitUsage {
  trading: TradingUsage;
  deposited: PerPeriod;
}

function usedFor(kind: LimitKind, usage: LimitUsage): bigint | null {
  if (kind === "reminder_minutes" || kind === "loss_streak") return null;
  if (kind === "open_positions") return usage.trading.openPositions;
  const [type, period] = kind.split("_") as ["deposit" | "stake" | "loss", keyof PerPeriod];
  const per =
    type === "deposit" ? usage.deposited : type === "stake" ? usage.trading.staked : usage.trading.lost;
  // A period in profit has used none of a loss limit.
  return per[period] < 0n ? 0n : per[period];
}

/** Every kind of limit as its user sees it, set or not, with the break in force. */
export async function userLimitsView(
  db: Executor,
  userId: bigint,
  usage: LimitUsage,
  now: Date,
): Promise<UserLimits> {
  const stored = await storedLimits(db, userId);
  const activeBreak = await activeBreakOf(db, userId, now);
  return {
    limits: LIMIT_KINDS.map((kind) => {
      const limit = stored.get(kind) ?? { value: null, pendingValue: null, pendingAt: null };
      const pending = limitPending(limit, now);
      return {
        kind,
        value: showLimitValue(kind, limitInForce(limit, now)),
        pending: pending
          ? { value: showLimitValue(kind, pending.value), appliesAt: pending.at.toISOString() }
          : null,
        used: showLimitValue(kind, usedFor(kind, usage)),
      };
    }),
    activeBreak: activeBreak ? { kind: activeBreak.kind, until: activeBreak.until.toISOString() } : null,
  };
}

/** What the user's contracts since a moment came to (LimitsDeps.tradingSince). */
export interface TradingSince {
  contracts: number;
  staked: bigint;
  settledStaked: bigint;
  returned: bigint;
}

/** The reality check: the session's trading so far, and the reminder in force. */
export async function sessionActivityView(
  db: Executor,
  userId: bigint,
  startedAt: Date,
  traded: TradingSince,
  now: Date,
): Promise<SessionActivity> {
  const reminder = (await storedLimits(db, userId)).get("reminder_minutes");
  const minutes = reminder ? limitInForce(reminder, now) : null;
  return {
    startedAt: startedAt.toISOString(),
    contracts: traded.contracts,
    staked: fromMinor(traded.staked),
    returned: fromMinor(traded.returned),
    net: fromMinor(traded.returned - traded.settledStaked),
    reminderMinutes: minutes === null ? null : Number(minutes),
  };
}
