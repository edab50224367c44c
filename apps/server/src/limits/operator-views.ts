import {
  LIMIT_KINDS,
  type LimitFigures,
  type LimitHistoryEntry,
  limitChange,
  type OperatorUserLimits,
} from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import { showLimitValue } from "./rules";
import { type LimitUsage, userLimitsView } from "./view";

const historyKind = limitChange.shape.kind;

/**
 * A user's limits as the console shows them: the user's own view (values, used, waiting changes, the
 * break) and a page of the changes they asked for, newest first, through limit_changes_user.
 */
export async function operatorUserLimitsView(
  db: Executor,
  userId: bigint,
  usage: LimitUsage,
  page: PageRequest,
  now: Date,
): Promise<OperatorUserLimits> {
  const { limits, activeBreak } = await userLimitsView(db, userId, usage, now);
  const history = await newestFirstPage(
    db
      .selectFrom("limit_changes as c")
      .select([
        "c.id",
        "c.kind",
        "c.from_value",
        "c.to_value",
        "c.break_until",
        "c.requested_at",
        "c.applies_at",
        "c.cancelled_at",
      ])
      .where("c.user_id", "=", userId),
    "c.id",
    page,
    (row): LimitHistoryEntry => {
      const kind = historyKind.parse(row.kind);
      const show = (value: bigint | null) =>
        kind === "time_out" || kind === "self_exclusion" ? null : showLimitValue(kind, value);
      return {
        id: String(row.id),
        kind,
        from: show(row.from_value),
        to: show(row.to_value),
        breakUntil: row.break_until?.toISOString() ?? null,
        requestedAt: row.requested_at.toISOString(),
        appliesAt: row.applies_at.toISOString(),
        cancelledAt: row.cancelled_at?.toISOString() ?? null,
      };
    },
  );
  return { limits, activeBreak, history };
}

/**
 * The platform's use of responsible trading. limit_values and trading_limits hold rows only for users
 * who set a limit or took a break, so each figure is one pass over those; the history (limit_changes),
 * which grows with every change, is not read.
 */
export async function limitFiguresView(db: Executor, now: Date): Promise<LimitFigures> {
  // A waiting change counts from its time on (rules.ts limitInForce), without anything having run.
  const inForce = sql`case when pending_at <= ${now} then pending_value else value end`;
  const [users, kinds, breaks] = await Promise.all([
    db
      .selectFrom("limit_values")
      .select(sql<number>`count(distinct user_id)::int`.as("users"))
      .where(sql<boolean>`${inForce} is not null`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("limit_values")
      .select([
        "kind",
        sql<number>`(count(*) filter (where ${inForce} is not null))::int`.as("users"),
        sql<number>`(count(*) filter (where pending_at > ${now}))::int`.as("waiting"),
      ])
      .groupBy("kind")
      .execute(),
    db
      .selectFrom("trading_limits")
      .select([
        sql<number>`(count(*) filter (where break_kind = 'time_out'))::int`.as("timeOuts"),
        sql<number>`(count(*) filter (where break_kind = 'self_exclusion'))::int`.as("selfExclusions"),
      ])
      .where("break_until", ">", now)
      .executeTakeFirstOrThrow(),
  ]);
  const perKind = new Map(kinds.map((row) => [row.kind, row]));
  return {
    usersWithLimits: users.users,
    byKind: LIMIT_KINDS.map((kind) => ({ kind, users: perKind.get(kind)?.users ?? 0 })),
    looseningsWaiting: kinds.reduce((sum, row) => sum + row.waiting, 0),
    timeOutsInForce: breaks.timeOuts,
    selfExclusionsInForce: breaks.selfExclusions,
    computedAt: now.toISOString(),
  };
}
