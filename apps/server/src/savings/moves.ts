import {
  addDays,
  fromMinor,
  type SavingsMoveLimits,
  type SavingsRecord,
  type SavingsSettings,
  toMinor,
} from "@tickfair/contract";
import { sql } from "kysely";
import { post, userAccountIds } from "../ledger";
import type { Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { catchUpHeldSaver, type HeldSaver, lockSaver } from "./accrual";
import { confirmationDate, platformDate } from "./calendar";
import type { RateHistory } from "./rates";

/** The moment a savings request runs at, as the platform's calendar sees it. */
export interface SavingsMoment {
  at: Date;
  today: string;
  yesterday: string;
  timeZone: string;
}

export function savingsMoment(at: Date, timeZone: string): SavingsMoment {
  const today = platformDate(at, timeZone);
  return { at, today, yesterday: addDays(today, -1), timeZone };
}

export interface MoveRules {
  settings: SavingsSettings;
  history: RateHistory;
}

/**
 * A move in or out of Yu'ebao of `amount`, in the caller's transaction: a refusal (limits, balance)
 * leaves nothing behind.
 */
export type SavingsMove = (
  tx: Tx,
  userId: bigint,
  amount: bigint,
  moment: SavingsMoment,
  rules: MoveRules,
) => Promise<SavingsRecord>;

/**
 * Locks the user's saver row (creating it on their first move in: paid through yesterday, since
 * nothing they move in today earns before tomorrow) and pays them what they are owed first.
 */
async function holdSaver(
  tx: Tx,
  userId: bigint,
  moment: SavingsMoment,
  history: RateHistory,
  create: boolean,
): Promise<HeldSaver | undefined> {
  if (create)
    await tx
      .insertInto("savers")
      .values({ user_id: userId, accrued_through: moment.yesterday, created_at: moment.at })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
  const held = await lockSaver(tx, userId);
  if (!held) return undefined;
  return (await catchUpHeldSaver(tx, held, moment.yesterday, history, moment.at)).saver;
}

/** Counts one move of today under the saver's lock, or refuses it when today's are used up. */
async function countMove(tx: Tx, userId: bigint, direction: "in" | "out", today: string, perDay: number) {
  const counted =
    direction === "in"
      ? sql`moves_in = case when moves_on = ${today}::date then moves_in + 1 else 1 end,
          moves_out = case when moves_on = ${today}::date then moves_out else 0 end`
      : sql`moves_out = case when moves_on = ${today}::date then moves_out + 1 else 1 end,
          moves_in = case when moves_on = ${today}::date then moves_in else 0 end`;
  const used = sql.ref(direction === "in" ? "moves_in" : "moves_out");
  const { rows } = await sql`update savers set ${counted}, moves_on = ${today}::date
    where user_id = ${userId}
      and (moves_on is distinct from ${today}::date or ${used} < ${perDay}::int) and ${perDay}::int > 0
    returning user_id`.execute(tx);
  if (rows.length === 0) throw new AppError("SAVINGS_DAILY_LIMIT_REACHED");
}

function checkAmount(amount: bigint, limits: SavingsMoveLimits): void {
  if (amount < toMinor(limits.min)) throw new AppError("AMOUNT_BELOW_MINIMUM");
  if (amount > toMinor(limits.max)) throw new AppError("AMOUNT_ABOVE_MAXIMUM");
}

/**
 * Moves `amount` from the user's available balance into Yu'ebao as pending shares, confirmed on the
 * day the cut-off gives.
 */
export const moveIntoSavings: SavingsMove = async (tx, userId, amount, moment, rules) => {
  checkAmount(amount, rules.settings.moveIn);
  const saver = await holdSaver(tx, userId, moment, rules.history, true);
  if (!saver) throw new Error("saver row was not created");
  await countMove(tx, userId, "in", moment.today, rules.settings.moveIn.perDay);
  const confirmsOn = confirmationDate(moment.at, moment.timeZone, rules.settings.cutOff);
  const { cash } = await userAccountIds(tx, userId);
  const postingId = await post(tx, {
    kind: "savings_in",
    userId,
    reference: confirmsOn,
    legs: [
      { accountId: cash, amount: -amount },
      { accountId: saver.pendingAccount, amount },
    ],
    at: moment.at,
  });
  await tx
    .insertInto("savings_lots")
    .values({
      user_id: userId,
      posting_id: postingId,
      amount,
      remaining: amount,
      moved_in_at: moment.at,
      confirms_on: confirmsOn,
    })
    .execute();
  return record(postingId, "in", amount, moment.at, { confirmsOn });
};

/**
 * Moves `amount` out of Yu'ebao into the available balance at once: from pending shares first (those
 * confirming last go first; pending shares earn nothing yet), then from confirmed ones.
 */
export const moveOutOfSavings: SavingsMove = async (tx, userId, amount, moment, rules) => {
  checkAmount(amount, rules.settings.moveOut);
  const saver = await holdSaver(tx, userId, moment, rules.history, false);
  if (!saver || amount > saver.pending + saver.confirmed) throw new AppError("INSUFFICIENT_BALANCE");
  await countMove(tx, userId, "out", moment.today, rules.settings.moveOut.perDay);
  const fromPending = amount < saver.pending ? amount : saver.pending;
  const fromConfirmed = amount - fromPending;
  if (fromPending > 0n) await takeFromLots(tx, userId, fromPending);
  const { cash } = await userAccountIds(tx, userId);
  const legs = [{ accountId: cash, amount }];
  if (fromPending > 0n) legs.push({ accountId: saver.pendingAccount, amount: -fromPending });
  if (fromConfirmed > 0n) legs.push({ accountId: saver.confirmedAccount, amount: -fromConfirmed });
  const postingId = await post(tx, { kind: "savings_out", userId, legs, at: moment.at });
  return record(postingId, "out", amount, moment.at, {});
};

/** Takes `amount` from the saver's waiting lots, the one confirming last first. */
async function takeFromLots(tx: Tx, userId: bigint, amount: bigint): Promise<void> {
  const lots = await tx
    .selectFrom("savings_lots")
    .select(["id", "remaining"])
    .where("user_id", "=", userId)
    .where("confirmed_at", "is", null)
    .where("remaining", ">", 0n)
    .orderBy("confirms_on", "desc")
    .orderBy("id", "desc")
    .execute();
  let left = amount;
  for (const lot of lots) {
    if (left === 0n) break;
    const taken = lot.remaining < left ? lot.remaining : left;
    await tx
      .updateTable("savings_lots")
      .set({ remaining: lot.remaining - taken })
      .where("id", "=", lot.id)
      .execute();
    left -= taken;
  }
  // The pending balance is the lots' sum (ledger and lots move together under the saver's lock).
  if (left !== 0n) throw new Error("savings lots do not cover the pending balance");
}

function record(
  postingId: bigint,
  type: SavingsRecord["type"],
  amount: bigint,
  at: Date,
  dates: { confirmsOn?: string; incomeDate?: string },
): SavingsRecord {
  return {
    id: String(postingId),
    type,
    amount: fromMinor(amount),
    at: at.toISOString(),
    confirmsOn: dates.confirmsOn ?? null,
    incomeDate: dates.incomeDate ?? null,
  };
}
