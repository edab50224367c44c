import {
  type BreakKind,
  countLimitRange,
  type ErrorCode,
  fromMinor,
  isCountKind,
  isMoneyString,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  LOOSEN_AFTER_HOURS,
  MAX_MONEY_LIMIT,
  toMinor,
} from "@tickfair/contract";
import { AppError } from "../platform/errors";

/** A limit as stored: in force now, and a change waiting for its time. */
export interface StoredLimit {
  value: bigint | null;
  pendingValue: bigint | null;
  pendingAt: Date | null;
}

/** What a stored limit is at `now`: a waiting change counts from its time on. */
export function limitInForce(limit: StoredLimit, now: Date): bigint | null {
  return limit.pendingAt !== null && limit.pendingAt <= now ? limit.pendingValue : limit.value;
}

/** The change still waiting at `now`, if any. */
export function limitPending(limit: StoredLimit, now: Date): { value: bigint | null; at: Date } | null {
  return limit.pendingAt !== null && limit.pendingAt > now
    ? { value: limit.pendingValue, at: limit.pendingAt }
    : null;
}

/** A value typed for `kind` as stored (minor units or a count); null removes the limit. */
export function parseLimitValue(kind: LimitKind, text: string | null): bigint | null {
  if (text === null) return null;
  if (isCountKind(kind)) {
    const { min, max } = countLimitRange(kind);
    if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > max)
      throw new AppError("LIMIT_VALUE_INVALID", { value: "LIMIT_VALUE_INVALID" });
    return BigInt(text);
  }
  const minor = isMoneyString(text) ? toMinor(text) : 0n;
  if (minor <= 0n || minor > toMinor(MAX_MONEY_LIMIT))
    throw new AppError("LIMIT_VALUE_INVALID", { value: "LIMIT_VALUE_INVALID" });
  return minor;
}

/** A stored value as its user reads it: "500.00" or "3". */
export function showLimitValue(kind: LimitKind, value: bigint | null): string | null {
  if (value === null) return null;
  return isCountKind(kind) ? String(value) : fromMinor(value);
}

/**
 * The limit after its user asks for `requested` at `now`. Tighter than the one in force (lower, or a
 * limit where there was none) applies at once and drops any waiting change; looser or removed waits 24
 * hours, the limit in force staying until then; the same as in force drops a waiting change.
 */
export function changeLimit(limit: StoredLimit, requested: bigint | null, now: Date): StoredLimit {
  const current = limitInForce(limit, now);
  const tighter = requested !== null && (current === null || requested < current);
  if (tighter || requested === current) return { value: requested, pendingValue: null, pendingAt: null };
  return {
    value: current,
    pendingValue: requested,
    pendingAt: new Date(now.getTime() + LOOSEN_AFTER_HOURS * 3_600_000),
  };
}

export interface Break {
  kind: BreakKind;
  until: Date;
}

/** The break a stored row holds, if it is still in force at `now`. */
export function breakInForce(
  row: { break_kind: BreakKind | null; break_until: Date | null },
  now: Date,
): Break | null {
  return row.break_kind && row.break_until && row.break_until > now
    ? { kind: row.break_kind, until: row.break_until }
    : null;
}

/** A break in force at `now` refuses trading, deposits and moves into savings. */
export function breakError(activeBreak: Break | null, now: Date): ErrorCode | null {
  if (!activeBreak || activeBreak.until <= now) return null;
  return activeBreak.kind === "time_out" ? "TAKING_A_BREAK" : "SELF_EXCLUDED";
}

/** Amounts per period: the platform's day, its last 7 days, its last 30 (today included). */
export type PerPeriod = Record<LimitPeriod, bigint>;

/** What a user's contracts of the last 30 days add up to, for the limits on orders. */
export interface TradingUsage {
  staked: PerPeriod;
  /** Stakes less what came back, an open contract's stake counted as lost until it settles. */
  lost: PerPeriod;
  openPositions: bigint;
}

const PERIOD_CODES: Record<"stake" | "loss" | "deposit", Record<LimitPeriod, ErrorCode>> = {
  stake: { day: "STAKE_LIMIT_DAY_REACHED", "7d": "STAKE_LIMIT_7D_REACHED", "30d": "STAKE_LIMIT_30D_REACHED" },
  loss: { day: "LOSS_LIMIT_DAY_REACHED", "7d": "LOSS_LIMIT_7D_REACHED", "30d": "LOSS_LIMIT_30D_REACHED" },
  deposit: {
    day: "DEPOSIT_LIMIT_DAY_REACHED",
    "7d": "DEPOSIT_LIMIT_7D_REACHED",
    "30d": "DEPOSIT_LIMIT_30D_REACHED",
  },
};

/** The limits in force, by kind (absent: none). */
export type LimitsInForce = ReadonlyMap<LimitKind, bigint>;

/**
 * Why an order of `stake` would break a limit, or null: stakes per period, losses per period (the
 * whole stake may be lost), and open positions.
 */
export function orderLimitError(limits: LimitsInForce, usage: TradingUsage, stake: bigint): ErrorCode | null {
  for (const period of LIMIT_PERIODS) {
    const staked = limits.get(`stake_${period}`);
    if (staked !== undefined && usage.staked[period] + stake > staked) return PERIOD_CODES.stake[period];
  }
  for (const period of LIMIT_PERIODS) {
    const lost = limits.get(`loss_${period}`);
    if (lost !== undefined && usage.lost[period] + stake > lost) return PERIOD_CODES.loss[period];
  }
  const open = limits.get("open_positions");
  if (open !== undefined && usage.openPositions + 1n > open) return "OPEN_POSITIONS_LIMIT_REACHED";
  return null;
}

/** The usage after an order of `stake` was placed: what the next order of the same batch is judged by. */
export function withOrder(usage: TradingUsage, stake: bigint): TradingUsage {
  const add = (per: PerPeriod): PerPeriod => ({
    day: per.day + stake,
    "7d": per["7d"] + stake,
    "30d": per["30d"] + stake,
  });
  return { staked: add(usage.staked), lost: add(usage.lost), openPositions: usage.openPositions + 1n };
}

/** Why a deposit request of `amount` would break a limit, or null (`deposited`: requests not failed). */
export function depositLimitError(
  limits: LimitsInForce,
  deposited: PerPeriod,
  amount: bigint,
): ErrorCode | null {
  for (const period of LIMIT_PERIODS) {
    const limit = limits.get(`deposit_${period}`);
    if (limit !== undefined && deposited[period] + amount > limit) return PERIOD_CODES.deposit[period];
  }
  return null;
}
