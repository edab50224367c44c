import { addDays, dailyIncome } from "@tickfair/contract";
import { sql } from "kysely";
import { type JournalPosting, postJournal, systemAccountIds } from "../ledger";
import { bigintArray, type Db, type Tx } from "../platform/db";
import { type RateHistory, rateOn, readRateHistory } from "./rates";

/** A saver whose row this transaction has locked, with the next day to pay them for. */
export interface HeldSaver {
  userId: bigint;
  accruedThrough: string;
  /** accruedThrough + 1. */
  day: string;
  confirmedAccount: bigint;
  pendingAccount: bigint;
  confirmed: bigint;
  pending: bigint;
}

interface SaverRow {
  user_id: bigint;
  accrued_through: string;
  confirmed_account: bigint;
  confirmed: bigint;
  pending_account: bigint;
  pending: bigint;
}

// Holding the saver's row is what lets a writer move their savings accounts (migrations/0018_savings.sql),
// so their balances are read here without a lock of their own.
const SAVER_COLUMNS = sql`s.user_id, s.accrued_through, c.id as confirmed_account, c.balance as confirmed,
  p.id as pending_account, p.balance as pending
  from savers s
  join accounts c on c.user_id = s.user_id and c.kind = 'savings_confirmed'
  join accounts p on p.user_id = s.user_id and p.kind = 'savings_pending'`;

const toHeld = (row: SaverRow): HeldSaver => ({
  userId: row.user_id,
  accruedThrough: row.accrued_through,
  day: addDays(row.accrued_through, 1),
  confirmedAccount: row.confirmed_account,
  pendingAccount: row.pending_account,
  confirmed: row.confirmed,
  pending: row.pending,
});

/**
 * The held savers `userIds` with their balances, read in a statement of its own after the locks were
 * taken. A locking statement that waited for (or, under SKIP LOCKED, started before) another
 * transaction's commit sees the saver's row afresh but the joined balances as of its own start: a step
 * paid on shares confirmed a moment earlier would be paid on none (READ COMMITTED re-reads only the
 * locked row).
 */
async function heldSavers(tx: Tx, userIds: readonly bigint[]): Promise<HeldSaver[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<SaverRow>`select ${SAVER_COLUMNS}
    where s.user_id = any(${bigintArray(userIds)}::bigint[])
    order by s.accrued_through, s.user_id`.execute(tx);
  return rows.map(toHeld);
}

/**
 * Claims up to `limit` savers not yet paid through `yesterday`, those furthest behind first. Rows other
 * transactions hold (another process's batch, the saver's own move) are skipped, not waited for.
 */
export async function claimSaversBehind(tx: Tx, yesterday: string, limit: number): Promise<HeldSaver[]> {
  const { rows } = await sql<{ user_id: bigint }>`select s.user_id from savers s
    where s.accrued_through < ${yesterday}::date
    order by s.accrued_through, s.user_id
    limit ${limit}
    for update of s skip locked`.execute(tx);
  return heldSavers(
    tx,
    rows.map((row) => row.user_id),
  );
}

/** Locks one saver's row, waiting for whoever holds it; undefined for a user who never saved. */
export async function lockSaver(tx: Tx, userId: bigint): Promise<HeldSaver | undefined> {
  const { rows } = await sql<{ user_id: bigint }>`select s.user_id from savers s
    where s.user_id = ${userId}
    for update of s`.execute(tx);
  return rows.length === 0 ? undefined : (await heldSavers(tx, [userId]))[0];
}

/** What one step paid: the savers who earned income and those whose shares were confirmed. */
export interface AccrualStep {
  savers: number;
  paid: bigint[];
  confirmed: bigint[];
}

/**
 * One step for each held saver: pays their next day's income on the shares confirmed through that day
 * (floor(shares × that day's rate / 365), credited as confirmed shares from savings_income), then
 * confirms their lots due by the day after. Set-based: one journal for the whole batch, in which the
 * savings_income account moves once per day paid; one statement writes the accrual rows and moves
 * every saver's accrued_through. The accrual rows' primary key refuses a day paid twice.
 */
export async function accrueHeldSavers(
  tx: Tx,
  savers: readonly HeldSaver[],
  history: RateHistory,
  at: Date,
): Promise<AccrualStep> {
  if (savers.length === 0) return { savers: 0, paid: [], confirmed: [] };
  const ppm = savers.map((saver) => rateOn(history, saver.day).ppm);
  const income = savers.map((saver, index) => dailyIncome(saver.confirmed, ppm[index] ?? 0));

  const due = await sql<{ user_id: bigint; amount: bigint }>`
    with due as (
      update savings_lots l set confirmed_at = ${at}::timestamptz
      from unnest(${bigintArray(savers.map((s) => s.userId))}::bigint[], ${savers.map((s) => s.day)}::date[])
        as c (user_id, day)
      where l.user_id = c.user_id and l.confirmed_at is null and l.remaining > 0 and l.confirms_on <= c.day + 1
      returning l.user_id, l.remaining
    )
    select user_id, sum(remaining)::bigint as amount from due group by user_id`.execute(tx);
  const confirming = new Map(due.rows.map((row) => [row.user_id, row.amount]));

  const { savings_income: incomeAccount } = await systemAccountIds(tx);
  const postings: JournalPosting[] = [];
  const paidPostingIndex = new Map<number, number>();
  const paidByDay = new Map<string, bigint>();
  savers.forEach((saver, index) => {
    const amount = income[index] ?? 0n;
    if (amount === 0n) return;
    paidPostingIndex.set(index, postings.length);
    postings.push({
      kind: "savings_income",
      userId: saver.userId,
      reference: saver.day,
      legs: [{ accountId: saver.confirmedAccount, amount }],
    });
    paidByDay.set(saver.day, (paidByDay.get(saver.day) ?? 0n) + amount);
  });
  for (const [day, total] of paidByDay)
    postings.push({
      kind: "savings_income",
      userId: null,
      reference: day,
      legs: [{ accountId: incomeAccount, amount: -total }],
    });
  for (const saver of savers) {
    const amount = confirming.get(saver.userId);
    if (!amount) continue;
    postings.push({
      kind: "savings_confirm",
      userId: saver.userId,
      reference: addDays(saver.day, 1),
      legs: [
        { accountId: saver.pendingAccount, amount: -amount },
        { accountId: saver.confirmedAccount, amount },
      ],
    });
  }
  const postingIds = await postJournal(tx, postings, at, "held");

  const postingOf = savers.map((_, index) => {
    const slot = paidPostingIndex.get(index);
    return slot === undefined ? null : (postingIds[slot] ?? null);
  });
  await sql`
    with step as (
      select * from unnest(${bigintArray(savers.map((s) => s.userId))}::bigint[],
        ${savers.map((s) => s.day)}::date[], ${bigintArray(savers.map((s) => s.confirmed))}::bigint[],
        ${ppm}::int[], ${bigintArray(income)}::bigint[], ${bigintArray(postingOf)}::bigint[])
        as t (user_id, day, shares, ppm, income, posting_id)
    ), paid as (
      insert into savings_accruals (user_id, day, shares, annual_rate_ppm, income, posting_id, created_at)
      select user_id, day, shares, ppm, income, posting_id, ${at}::timestamptz from step where shares > 0
      returning day, income
    ), batch as (
      insert into savings_accrual_batches (day, savers, income, created_at)
      select day, count(*), sum(income), ${at}::timestamptz from paid group by day
    )
    update savers s set accrued_through = step.day, income_total = s.income_total + step.income
    from step where s.user_id = step.user_id`.execute(tx);

  return {
    savers: savers.length,
    paid: savers.filter((_, index) => (income[index] ?? 0n) > 0n).map((saver) => saver.userId),
    confirmed: [...confirming.keys()],
  };
}

/**
 * Pays the held saver every ended day they are owed, in date order, and confirms what is due by today:
 * done before anything else touches their shares (a move, a read of their page), so a day's income is
 * always on the shares held at that day's end. Returns the saver as they are after it.
 */
export async function catchUpHeldSaver(
  tx: Tx,
  saver: HeldSaver,
  yesterday: string,
  history: RateHistory,
  at: Date,
): Promise<{ saver: HeldSaver; changed: boolean }> {
  let current = saver;
  let changed = false;
  while (current.accruedThrough < yesterday) {
    const step = await accrueHeldSavers(tx, [current], history, at);
    changed ||= step.paid.length > 0 || step.confirmed.length > 0;
    const next = await lockSaver(tx, current.userId);
    if (!next) throw new Error("a saver's row went missing");
    current = next;
  }
  return { saver: current, changed };
}

/**
 * The accrual job's run: pays every saver behind `yesterday`, a batch per transaction, until none is
 * left that no other process holds. Several processes may run it at once (claims skip each other's
 * rows); a crash loses only its open batch, which the next run takes again. `onStep` hears each batch
 * after it commits.
 */
export async function accrueDueSavings(
  db: Db,
  options: { yesterday: string; batchSize: number; now: () => Date; onStep?: (step: AccrualStep) => void },
): Promise<{ steps: number; savers: number }> {
  // A rate only ever changes from a future day on, so the days paid here read the same history throughout.
  const history = await readRateHistory(db);
  let steps = 0;
  let savers = 0;
  for (;;) {
    const step = await db.transaction().execute(async (tx) => {
      const claimed = await claimSaversBehind(tx, options.yesterday, options.batchSize);
      return accrueHeldSavers(tx, claimed, history, options.now());
    });
    if (step.savers === 0) break;
    steps += 1;
    savers += step.savers;
    options.onStep?.(step);
  }
  return { steps, savers };
}
