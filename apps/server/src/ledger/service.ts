import { type AccountSummary, fromMinor } from "@tickfair/contract";
import { sql } from "kysely";
import { type Executor, PG_CHECK_VIOLATION, pgConstraint, pgErrorCode, type Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import {
  type AccountKind,
  SYSTEM_ACCOUNT_KINDS,
  type SystemAccountKind,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from "../platform/schema";

export type UserBalances = Record<UserAccountKind, bigint>;

export interface Leg {
  accountId: bigint;
  amount: bigint;
}

export interface PostingInput {
  kind: string;
  /** The user the posting concerns, if any; fund records and P&L read postings by it. */
  userId: bigint | null;
  reference?: string;
  legs: Leg[];
  at: Date;
}

/** Opens the five user accounts a new user holds, at zero. */
export async function openUserAccounts(tx: Tx, userId: bigint, at: Date): Promise<void> {
  await tx
    .insertInto("accounts")
    .values(USER_ACCOUNT_KINDS.map((kind) => ({ user_id: userId, kind, balance: 0n, created_at: at })))
    .execute();
}

export async function userAccountIds(db: Executor, userId: bigint): Promise<Record<UserAccountKind, bigint>> {
  const rows = await db.selectFrom("accounts").select(["id", "kind"]).where("user_id", "=", userId).execute();
  return byKind(rows, USER_ACCOUNT_KINDS);
}

const systemIdsByDb = new WeakMap<object, Promise<Record<SystemAccountKind, bigint>>>();

/** System account ids never change after the first migration, so each database's are read once. */
export function systemAccountIds(db: Executor): Promise<Record<SystemAccountKind, bigint>> {
  const key = db as object;
  let systemIds = systemIdsByDb.get(key);
  if (!systemIds) {
    systemIds = db
      .selectFrom("accounts")
      .select(["id", "kind"])
      .where("user_id", "is", null)
      .execute()
      .then((rows) => byKind(rows, SYSTEM_ACCOUNT_KINDS));
    systemIdsByDb.set(key, systemIds);
  }
  return systemIds;
}

function byKind<K extends AccountKind>(
  rows: { id: bigint; kind: AccountKind }[],
  kinds: readonly K[],
): Record<K, bigint> {
  const result = {} as Record<K, bigint>;
  for (const kind of kinds) {
    const row = rows.find((r) => r.kind === kind);
    if (!row) throw new Error(`account ${kind} is missing`);
    result[kind] = row.id;
  }
  return result;
}

/**
 * Writes one posting in the caller's transaction: two or more entries that sum to zero.
 * The database keeps user balances from the entries and refuses any that would go below zero;
 * that refusal surfaces as INSUFFICIENT_BALANCE and the caller's transaction rolls back whole.
 */
export async function post(tx: Tx, input: PostingInput): Promise<bigint> {
  assertBalanced(input.legs);
  const legs = sql.join(input.legs.map((leg) => sql`(${leg.accountId}::bigint, ${leg.amount}::bigint)`));
  try {
    // One statement, one round trip: the posting and its entries. Entries go in in account order, so
    // two postings over the same accounts take their row locks in the same order and cannot deadlock.
    const result = await sql<{ id: bigint }>`
      with posting as (
        insert into postings (kind, user_id, reference, created_at)
        values (${input.kind}, ${input.userId}::bigint, ${input.reference ?? null}::text, ${input.at}::timestamptz)
        returning id
      ), entries as (
        insert into ledger_entries (posting_id, account_id, amount, created_at)
        select posting.id, leg.account_id, leg.amount, ${input.at}::timestamptz
        from posting cross join (values ${legs}) as leg (account_id, amount)
        order by leg.account_id
        returning id
      )
      select id from posting`.execute(tx);
    const row = result.rows[0];
    if (!row) throw new Error("posting was not written");
    return row.id;
  } catch (error) {
    if (pgErrorCode(error) === PG_CHECK_VIOLATION && pgConstraint(error) === "user_accounts_never_negative") {
      throw new AppError("INSUFFICIENT_BALANCE", 400);
    }
    throw error;
  }
}

export function assertBalanced(legs: Leg[]): void {
  if (legs.length < 2) throw new Error("a posting needs two or more entries");
  let sum = 0n;
  for (const leg of legs) {
    if (leg.amount === 0n) throw new Error("a ledger entry cannot be zero");
    sum += leg.amount;
  }
  if (sum !== 0n) throw new Error(`posting does not balance: ${sum}`);
}

export async function userBalances(db: Executor, userId: bigint): Promise<UserBalances> {
  const rows = await db
    .selectFrom("accounts")
    .select(["kind", "balance"])
    .where("user_id", "=", userId)
    .execute();
  const balances = {} as UserBalances;
  for (const kind of USER_ACCOUNT_KINDS) balances[kind] = rows.find((r) => r.kind === kind)?.balance ?? 0n;
  return balances;
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

export interface UserFigures {
  available: bigint;
  frozen: bigint;
  savings: bigint;
  totalAssets: bigint;
  accountPnl: bigint;
  todayPnl: bigint;
}

/**
 * The personal center's figures (ARCHITECTURE §5). Contract results are whatever the house paid or
 * took in postings about this user, so P&L is the negated sum of the house's entries in them.
 */
export async function userFigures(
  db: Executor,
  userId: bigint,
  now: Date,
  timeZone: string,
): Promise<UserFigures> {
  const balances = await userBalances(db, userId);
  const { house } = await systemAccountIds(db);
  const pnl = await db
    .selectFrom("ledger_entries as e")
    .innerJoin("postings as p", "p.id", "e.posting_id")
    .where("p.user_id", "=", userId)
    .where("e.account_id", "=", house)
    .select([
      sql<string>`coalesce(-sum(e.amount), 0)::text`.as("total"),
      sql<string>`coalesce(-sum(e.amount) filter (where (p.created_at at time zone ${timeZone})::date = (${now}::timestamptz at time zone ${timeZone})::date), 0)::text`.as(
        "today",
      ),
    ])
    .executeTakeFirstOrThrow();
  const frozen = balances.frozen_trade + balances.frozen_withdrawal;
  const savings = balances.savings_pending + balances.savings_confirmed;
  return {
    available: balances.cash,
    frozen,
    savings,
    totalAssets: balances.cash + frozen + savings,
    accountPnl: BigInt(pnl.total),
    todayPnl: BigInt(pnl.today),
  };
}
