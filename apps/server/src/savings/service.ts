import type { SavingsMoveResponse, SavingsSummary } from "@tickfair/contract";
import { refuseDuringBreak } from "../limits";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { catchUpHeldSaver, lockSaver } from "./accrual";
import {
  type MoveRules,
  moveIntoSavings,
  moveOutOfSavings,
  type SavingsMoment,
  savingsMoment,
} from "./moves";
import { readRateHistory } from "./rates";
import { readSavingsSettings } from "./settings";
import { savingsSummary } from "./summary";

export interface SavingsDeps {
  db: Db;
  clock: Clock;
  /** The platform's time zone (PLATFORM_TZ): its midnight starts a savings day, its 15:00 is the cut-off. */
  timeZone: string;
}

/** Now on the platform's calendar, with the configuration in force. */
export async function savingsNow(
  db: Executor,
  deps: Pick<SavingsDeps, "clock" | "timeZone">,
): Promise<{ moment: SavingsMoment; rules: MoveRules }> {
  const [settings, history] = await Promise.all([readSavingsSettings(db), readRateHistory(db)]);
  return { moment: savingsMoment(deps.clock.now(), deps.timeZone), rules: { settings, history } };
}

/**
 * Pays the saver the days the accrual job has not reached yet (it runs shortly after midnight), so a
 * saver reading their page never sees a confirmed lot still pending. Returns whether anything moved.
 */
export async function bringSaverUpToDate(
  db: Db,
  userId: bigint,
  moment: SavingsMoment,
  rules: MoveRules,
): Promise<boolean> {
  const saver = await db
    .selectFrom("savers")
    .select("accrued_through")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!saver || saver.accrued_through >= moment.yesterday) return false;
  return db.transaction().execute(async (tx) => {
    const held = await lockSaver(tx, userId);
    if (!held) return false;
    return (await catchUpHeldSaver(tx, held, moment.yesterday, rules.history, moment.at)).changed;
  });
}

/** The saver's page, brought up to date first. */
export async function readSavings(deps: SavingsDeps, userId: bigint): Promise<SavingsSummary> {
  const { moment, rules } = await savingsNow(deps.db, deps);
  await bringSaverUpToDate(deps.db, userId, moment, rules);
  return savingsSummary(deps.db, userId, moment, rules);
}

/** A move in or out in the caller's transaction (one Idempotency-Key's), answered with the saver's page after it. */
export async function moveSavings(
  tx: Tx,
  deps: Pick<SavingsDeps, "clock" | "timeZone">,
  userId: bigint,
  direction: "in" | "out",
  amount: bigint,
): Promise<SavingsMoveResponse> {
  const { moment, rules } = await savingsNow(tx, deps);
  // A break closes savings to new money; what is saved can still come out.
  if (direction === "in") await refuseDuringBreak(tx, userId, moment.at);
  const move = direction === "in" ? moveIntoSavings : moveOutOfSavings;
  const record = await move(tx, userId, amount, moment, rules);
  return { record, summary: await savingsSummary(tx, userId, moment, rules) };
}
