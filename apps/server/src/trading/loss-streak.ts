import {
  type ClosedContract,
  fromMinor,
  LOSS_STREAK_WINDOW_MS,
  type LossStreakPauseDetails,
  lossStreakPause,
} from "@tickfair/contract";
import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { tradingSince } from "./since";

/** The user's latest `count` closed contracts, most recent first, as lossStreakPause reads them. */
async function latestClosed(db: Executor, userId: bigint, count: number): Promise<ClosedContract[]> {
  const rows = await db
    .selectFrom("contracts")
    .select(["result", "settled_at"])
    .where("user_id", "=", userId)
    .where("wallet", "=", "real")
    .where("settled_at", "is not", null)
    .orderBy("settled_at", "desc")
    .orderBy("id", "desc")
    .limit(count)
    .execute();
  return rows.flatMap((row) =>
    row.result && row.settled_at ? [{ result: row.result, settledAt: row.settled_at }] : [],
  );
}

/**
 * The pause a loss streak of `streak` losses calls for at `now` (null: none), with the figures of the
 * streak's hour the user is shown before going on.
 */
export async function lossStreakPauseOf(
  db: Executor,
  userId: bigint,
  streak: number,
  acknowledgedAt: Date | null,
  now: Date,
): Promise<LossStreakPauseDetails | null> {
  const pause = lossStreakPause(await latestClosed(db, userId, streak), streak, acknowledgedAt, now);
  if (!pause) return null;
  const since = new Date(now.getTime() - LOSS_STREAK_WINDOW_MS);
  const traded = await tradingSince(db, userId, since);
  return {
    lossesInRow: streak,
    lastLossAt: pause.lastLossAt.toISOString(),
    continueAt: pause.continueAt.toISOString(),
    since: since.toISOString(),
    contracts: traded.contracts,
    staked: fromMinor(traded.staked),
    returned: fromMinor(traded.returned),
    net: fromMinor(traded.returned - traded.settledStaked),
  };
}

/** The refusal of an order while a loss streak waits for its acknowledgement, its figures attached. */
export async function lossStreakRefusal(
  db: Executor,
  userId: bigint,
  streak: bigint | undefined,
  acknowledgedAt: Date | null,
  now: Date,
): Promise<AppError | null> {
  if (streak === undefined) return null;
  const details = await lossStreakPauseOf(db, userId, Number(streak), acknowledgedAt, now);
  return details ? new AppError("LOSS_STREAK_PAUSE", undefined, details) : null;
}

/**
 * lossStreakPause as SQL, for the placement batch: whether the `streak` latest closed contracts of
 * `userId` are all losses settled in the last hour and after `acknowledgedAt`.
 */
export function lossStreakHolds(
  userId: RawBuilder<unknown>,
  streak: RawBuilder<unknown>,
  acknowledgedAt: RawBuilder<unknown>,
  now: Date,
) {
  const from = new Date(now.getTime() - LOSS_STREAK_WINDOW_MS);
  return sql`(select count(*) = ${streak} and bool_and(s.result = 'lose' and s.settled_at >= ${from}::timestamptz
      and s.settled_at > coalesce(${acknowledgedAt}, '-infinity'::timestamptz))
    from (
      select c.result, c.settled_at from contracts c
      where c.user_id = ${userId} and c.wallet = 'real' and c.settled_at is not null
      order by c.settled_at desc, c.id desc limit ${streak}
    ) s)`;
}
