import type { ActiveBreak, LimitKind, TakeBreakRequest } from "@tickfair/contract";
import { LIMIT_KINDS } from "@tickfair/contract";
import type { Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import {
  type Break,
  breakEnds,
  breakError,
  breakInForce,
  changeLimit,
  type LimitsInForce,
  limitInForce,
  type StoredLimit,
} from "./rules";

/** A user's limits as their orders and deposits are judged: the break in force and the limits in force. */
export interface HeldLimits {
  activeBreak: Break | null;
  inForce: LimitsInForce;
}

const isLimitKind = (kind: string): kind is LimitKind => (LIMIT_KINDS as readonly string[]).includes(kind);

/**
 * The limits of those of `userIds` who set any, their rows locked for the caller's transaction (in
 * user order, as every caller locks them): an order or deposit judged by them is written before any
 * other of the same user is judged. Users without a row have no limits.
 */
export async function lockLimits(
  tx: Tx,
  userIds: readonly bigint[],
  now: Date,
): Promise<Map<bigint, HeldLimits>> {
  const held = new Map<bigint, HeldLimits>();
  if (userIds.length === 0) return held;
  const rows = await tx
    .selectFrom("trading_limits as t")
    .leftJoin("limit_values as v", "v.user_id", "t.user_id")
    .select([
      "t.user_id",
      "t.break_kind",
      "t.break_until",
      "v.kind",
      "v.value",
      "v.pending_value",
      "v.pending_at",
    ])
    .where("t.user_id", "in", [...new Set(userIds)])
    .orderBy("t.user_id")
    .forUpdate("t")
    .execute();
  const inForce = new Map<bigint, Map<LimitKind, bigint>>();
  for (const row of rows) {
    let limits = inForce.get(row.user_id);
    if (!limits) {
      limits = new Map();
      inForce.set(row.user_id, limits);
      held.set(row.user_id, { activeBreak: breakInForce(row, now), inForce: limits });
    }
    if (row.kind === null || !isLimitKind(row.kind)) continue;
    const value = limitInForce(
      { value: row.value, pendingValue: row.pending_value, pendingAt: row.pending_at },
      now,
    );
    if (value !== null) limits.set(row.kind, value);
  }
  return held;
}

/** Refuses the user's request while a time-out or self-exclusion is in force (the row stays locked). */
export async function refuseDuringBreak(tx: Tx, userId: bigint, now: Date): Promise<HeldLimits | null> {
  const held = (await lockLimits(tx, [userId], now)).get(userId) ?? null;
  const refusal = breakError(held?.activeBreak ?? null, now);
  if (refusal) throw new AppError(refusal);
  return held;
}

/** The user's row, made on first use, locked. */
async function lockOwnRow(tx: Tx, userId: bigint, now: Date) {
  return tx
    .insertInto("trading_limits")
    .values({ user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ updated_at: now }))
    .returning(["break_kind", "break_until"])
    .executeTakeFirstOrThrow();
}

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
 * Sets or removes one limit (changeLimit decides whether at once or in 24 hours) and records the
 * request. Asking for what is in force with nothing waiting changes nothing.
 */
export async function setLimit(
  tx: Tx,
  userId: bigint,
  kind: LimitKind,
  requested: bigint | null,
  now: Date,
): Promise<void> {
  await lockOwnRow(tx, userId, now);
  const before = (await storedLimits(tx, userId)).get(kind) ?? {
    value: null,
    pendingValue: null,
    pendingAt: null,
  };
  const inForce = limitInForce(before, now);
  const waiting = before.pendingAt !== null && before.pendingAt > now;
  if (requested === inForce && !waiting) return;
  const after = changeLimit(before, requested, now);
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
  if (requested === inForce) return;
  await tx
    .insertInto("limit_changes")
    .values({
      user_id: userId,
      kind,
      from_value: inForce,
      to_value: requested,
      requested_at: now,
      applies_at: after.pendingAt ?? now,
    })
    .execute();
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
export async function cancelPendingLimit(tx: Tx, userId: bigint, kind: LimitKind, now: Date): Promise<void> {
  await lockOwnRow(tx, userId, now);
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
): Promise<ActiveBreak> {
  const current = breakInForce(await lockOwnRow(tx, userId, now), now);
  const until = breakEnds(request, now);
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
  return { kind, until: until.toISOString() };
}
