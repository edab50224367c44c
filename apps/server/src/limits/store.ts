import type {
  ActiveBreak,
  BreakKind,
  LimitKind,
  LossStreakPauseDetails,
  TakeBreakRequest,
} from "@tickfair/contract";
import { breakEndsAt, LIMIT_KINDS } from "@tickfair/contract";
import { type RawBuilder, sql } from "kysely";
import { recordNotice } from "../messages";
import { bigintArray, type Executor, type Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import {
  type Break,
  breakError,
  breakInForce,
  changeLimit,
  type LimitsInForce,
  limitInForce,
  type StoredLimit,
  showLimitValue,
} from "./rules";

/** A user's limits as their orders and deposits are judged: the break in force and the limits in force. */
export interface HeldLimits {
  activeBreak: Break | null;
  inForce: LimitsInForce;
  lossStreakAcknowledgedAt: Date | null;
}

const isLimitKind = (kind: string): kind is LimitKind => (LIMIT_KINDS as readonly string[]).includes(kind);

/**
 * The limits of those of `userIds` who set any, their rows locked for the caller's transaction (in
 * user order, as every caller locks them): an order or deposit judged by them is written before any
 * other of the same user is judged. Users without a row have no limits. Each locked row is also given a
 * new version (`updated_at`), so that a batch judging the same users in one statement on an older
 * snapshot sees it and leaves them alone (heldLimitsCtes).
 */
export async function lockLimits(
  tx: Tx,
  userIds: readonly bigint[],
  now: Date,
): Promise<Map<bigint, HeldLimits>> {
  const held = new Map<bigint, HeldLimits>();
  if (userIds.length === 0) return held;
  const { rows } = await sql<{
    user_id: bigint;
    break_kind: BreakKind | null;
    break_until: Date | null;
    loss_streak_acknowledged_at: Date | null;
    kind: string | null;
    value: bigint | null;
  }>`
    with ${heldLimitsCtes(sql`${bigintArray([...new Set(userIds)])}::bigint[]`, now)}
    select h.user_id, h.break_kind, h.break_until, h.loss_streak_acknowledged_at, f.kind, f.value
    from limits_held h left join limits_in_force f using (user_id)
    order by h.user_id`.execute(tx);
  const inForce = new Map<bigint, Map<LimitKind, bigint>>();
  for (const row of rows) {
    const userId = BigInt(row.user_id);
    let limits = inForce.get(userId);
    if (!limits) {
      limits = new Map();
      inForce.set(userId, limits);
      held.set(userId, {
        activeBreak: breakInForce(row, now),
        inForce: limits,
        lossStreakAcknowledgedAt: row.loss_streak_acknowledged_at,
      });
    }
    if (row.kind !== null && row.value !== null && isLimitKind(row.kind))
      limits.set(row.kind, BigInt(row.value));
  }
  return held;
}

/**
 * CTEs that lock, in one statement, the limits of the users of `userIds` (a bigint[] parameter) who set
 * any, in user order, and give each locked row a new version: `limits_held (user_id, break_kind,
 * break_until, loss_streak_acknowledged_at, stale, on_break)` and `limits_in_force (user_id, kind,
 * value)`, a loosening whose 24 hours have passed applied (limitInForce). A statement's reads share the snapshot it started with, so a row
 * it had to wait for may have been written after it: such a user is `stale` (the locked version is not
 * the one the snapshot read), and a batch judged on that snapshot must judge their orders afresh, alone.
 */
export function heldLimitsCtes(userIds: RawBuilder<unknown>, now: Date) {
  return sql`limits_seen as (
      select user_id, xmin::text as version from trading_limits where user_id = any(${userIds})
    ), limits_locked as (
      select user_id, xmin::text as version, break_kind, break_until, loss_streak_acknowledged_at
      from trading_limits
      where user_id = any(${userIds}) order by user_id for update
    ), limits_held as (
      update trading_limits t set updated_at = ${now}::timestamptz
      from limits_locked l join limits_seen s using (user_id)
      where t.user_id = l.user_id
      returning t.user_id, l.break_kind, l.break_until, l.loss_streak_acknowledged_at, l.version is distinct from s.version as stale,
        (l.break_kind is not null and l.break_until > ${now}::timestamptz) as on_break
    ), limits_in_force as (
      select v.user_id, v.kind,
        case when v.pending_at is not null and v.pending_at <= ${now}::timestamptz then v.pending_value
          else v.value end as value
      from limit_values v join limits_held h using (user_id)
    )`;
}

/** Refuses the user's request while a time-out or self-exclusion is in force (the row stays locked). */
export async function refuseDuringBreak(tx: Tx, userId: bigint, now: Date): Promise<HeldLimits | null> {
  const held = (await lockLimits(tx, [userId], now)).get(userId) ?? null;
  const refusal = breakError(held?.activeBreak ?? null, now);
  if (refusal) throw new AppError(refusal);
  return held;
}

/**
 * What giving a user limits for the first time needs of other capabilities, in the same transaction
 * (app.ts: trading starts keeping the totals its settlement adds for users with limits).
 */
export type OpenLimits = (tx: Tx, userId: bigint) => Promise<void>;

/** The user's row, made on first use (and `opened` then), locked. */
async function lockOwnRow(tx: Tx, userId: bigint, now: Date, opened: OpenLimits) {
  const row = await tx
    .insertInto("trading_limits")
    .values({ user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ updated_at: now }))
    // A row an upsert inserted has no xmax; one it updated carries this transaction's.
    .returning(["break_kind", "break_until", sql<boolean>`xmax = 0`.as("created")])
    .executeTakeFirstOrThrow();
  if (row.created) await opened(tx, userId);
  return row;
}

/** The users who have a limits row, as SQL to select from: only they are judged by limits. */
export const usersWithLimits = () => sql`select user_id from trading_limits`;

/** Every limit of the user as stored (kinds never set are absent). */
export async function storedLimits(db: Executor, userId: bigint): Promise<Map<LimitKind, StoredLimit>> {
  const rows = await db
    .selectFrom("limit_values")
    .select(["kind", "value", "pending_value", "pending_at"])
    .where("user_id", "=", userId)
    .execute();
  const stored = new Map<LimitKind, StoredLimit>();
  for (const row of rows)
    if (isLimitKind(row.kind))
      stored.set(row.kind, { value: row.value, pendingValue: row.pending_value, pendingAt: row.pending_at });
  return stored;
}

/** The user's break, if one is in force at `now`. */
export async function activeBreakOf(db: Executor, userId: bigint, now: Date): Promise<Break | null> {
  const row = await db
    .selectFrom("trading_limits")
    .select(["break_kind", "break_until"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? breakInForce(row, now) : null;
}

/**
 * Sets or removes one limit (changeLimit decides whether at once or in 24 hours), records the request
 * and tells the user in their messages. Asking for what is in force with nothing waiting changes
 * nothing. True when a notice was written (the caller announces it after the commit).
 */
export async function setLimit(
  tx: Tx,
  userId: bigint,
  kind: LimitKind,
  requested: bigint | null,
  now: Date,
  opened: OpenLimits,
  confirmLoosening: () => Promise<void>,
): Promise<boolean> {
  await lockOwnRow(tx, userId, now, opened);
  const before = (await storedLimits(tx, userId)).get(kind) ?? {
    value: null,
    pendingValue: null,
    pendingAt: null,
  };
  const inForce = limitInForce(before, now);
  const waiting = before.pendingAt !== null && before.pendingAt > now;
  if (requested === inForce && !waiting) return false;
  const after = changeLimit(before, requested, now);
  // Loosening or removing waits a day and needs a fresh proof; tightening is never held up.
  if (after.pendingAt !== null) await confirmLoosening();
  await tx
    .insertInto("limit_values")
    .values({
      user_id: userId,
      kind,
      value: after.value,
      pending_value: after.pendingValue,
      pending_at: after.pendingAt,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "kind"]).doUpdateSet({
        value: after.value,
        pending_value: after.pendingValue,
        pending_at: after.pendingAt,
      }),
    )
    .execute();
  // A change that was waiting and is now replaced (or dropped) shows as cancelled in the history.
  if (waiting) await cancelWaitingChanges(tx, userId, kind, now);
  if (requested === inForce) return false;
  const appliesAt = after.pendingAt ?? now;
  await tx
    .insertInto("limit_changes")
    .values({
      user_id: userId,
      kind,
      from_value: inForce,
      to_value: requested,
      requested_at: now,
      applies_at: appliesAt,
    })
    .execute();
  const notice = {
    kind: "limit_changed",
    limit: kind,
    from: showLimitValue(kind, inForce),
    to: showLimitValue(kind, requested),
    appliesAt: appliesAt.toISOString(),
  } as const;
  await recordNotice(tx, userId, notice, now);
  return true;
}

async function cancelWaitingChanges(tx: Tx, userId: bigint, kind: LimitKind, now: Date) {
  await tx
    .updateTable("limit_changes")
    .set({ cancelled_at: now })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("applies_at", ">", now)
    .where("cancelled_at", "is", null)
    .execute();
}

/** Drops a loosening or removal still waiting; NOT_FOUND when none waits. */
export async function cancelPendingLimit(
  tx: Tx,
  userId: bigint,
  kind: LimitKind,
  now: Date,
  opened: OpenLimits,
): Promise<void> {
  await lockOwnRow(tx, userId, now, opened);
  const updated = await tx
    .updateTable("limit_values")
    .set({ pending_value: null, pending_at: null })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("pending_at", ">", now)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw new AppError("NOT_FOUND");
  await cancelWaitingChanges(tx, userId, kind, now);
}

/**
 * Starts a time-out or self-exclusion. One in force can only be lengthened (BREAK_NOT_LONGER): nobody
 * ends a break early, its user included.
 */
export async function startBreak(
  tx: Tx,
  userId: bigint,
  request: TakeBreakRequest,
  now: Date,
  opened: OpenLimits,
): Promise<ActiveBreak> {
  const current = breakInForce(await lockOwnRow(tx, userId, now, opened), now);
  const until = breakEndsAt(request, now);
  if (current && current.until >= until) throw new AppError("BREAK_NOT_LONGER");
  // A self-exclusion stays one when a later time-out lengthens it.
  const kind = current?.kind === "self_exclusion" ? current.kind : request.kind;
  await tx
    .updateTable("trading_limits")
    .set({ break_kind: kind, break_until: until })
    .where("user_id", "=", userId)
    .execute();
  await tx
    .insertInto("limit_changes")
    .values({ user_id: userId, kind: request.kind, break_until: until, requested_at: now, applies_at: now })
    .execute();
  await recordNotice(tx, userId, { kind: "break_started", break: kind, until: until.toISOString() }, now);
  return { kind, until: until.toISOString() };
}

/** The pause a loss streak calls for (trading's lossStreakPauseOf: app.ts joins it). */
export type LossStreakPauseOf = (
  db: Executor,
  userId: bigint,
  streak: number,
  acknowledgedAt: Date | null,
  now: Date,
) => Promise<LossStreakPauseDetails | null>;

/**
 * Records that the user goes on after the loss streak pausing them: only losses settled after `now`
 * make a new streak. Refused when no streak pauses them, and before the pause is over (its end in the
 * details), so the pause cannot be skipped.
 */
export async function acknowledgeLossStreak(
  tx: Tx,
  userId: bigint,
  now: Date,
  pauseOf: LossStreakPauseOf,
): Promise<Date> {
  const held = (await lockLimits(tx, [userId], now)).get(userId);
  const streak = held?.inForce.get("loss_streak");
  const pause =
    held && streak !== undefined
      ? await pauseOf(tx, userId, Number(streak), held.lossStreakAcknowledgedAt, now)
      : null;
  if (!pause) throw new AppError("LOSS_STREAK_NOT_PAUSED");
  if (new Date(pause.continueAt) > now)
    throw new AppError("LOSS_STREAK_PAUSE_NOT_OVER", undefined, { continueAt: pause.continueAt });
  await tx
    .updateTable("trading_limits")
    .set({ loss_streak_acknowledged_at: now })
    .where("user_id", "=", userId)
    .execute();
  return now;
}
