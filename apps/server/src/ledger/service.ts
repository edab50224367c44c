import {
  type PostingKind,
  PRACTICE_ACCOUNT_KINDS,
  type PracticeAccountKind,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from "@tickfair/contract";
import { type RawBuilder, sql } from "kysely";
import {
  bigintArray,
  type Executor,
  PG_CHECK_VIOLATION,
  parseBigintArray,
  pgConstraint,
  pgErrorCode,
  prepared,
  type Tx,
} from "../platform/db";
import { AppError } from "../platform/errors";
import { type AccountKind, SYSTEM_ACCOUNT_KINDS, type SystemAccountKind } from "./schema";

export type UserBalances = Record<UserAccountKind, bigint>;
/** The kinds of account a user holds: the real ones, and the practice account's. */
export type HeldAccountKind = UserAccountKind | PracticeAccountKind;

export interface Leg {
  accountId: bigint;
  amount: bigint;
}

export interface PostingInput {
  kind: PostingKind;
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

/**
 * Opens the user's practice accounts at zero unless they are open already (two first visits at once
 * open them once). True when this call opened them.
 */
export async function openPracticeAccounts(tx: Tx, userId: bigint, at: Date): Promise<boolean> {
  const { rows } = await sql<{ id: bigint }>`
    insert into accounts (user_id, kind, balance, created_at)
    select ${userId}::bigint, kind, 0, ${at}::timestamptz from unnest(${[...PRACTICE_ACCOUNT_KINDS]}::text[]) as kind
    on conflict (user_id, kind) where user_id is not null do nothing
    returning id`.execute(tx);
  return rows.length > 0;
}

/** The user's practice accounts' ids and balances; null when they have never opened practice. */
export async function practiceAccounts(
  db: Executor,
  userId: bigint,
): Promise<Record<PracticeAccountKind, { id: bigint; balance: bigint }> | null> {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "kind", "balance"])
    .where("user_id", "=", userId)
    .where("kind", "in", [...PRACTICE_ACCOUNT_KINDS])
    .execute();
  const result: Partial<Record<PracticeAccountKind, { id: bigint; balance: bigint }>> = {};
  for (const row of rows)
    result[row.kind as PracticeAccountKind] = { id: row.id, balance: row.balance ?? 0n };
  return result.practice_cash && result.practice_frozen
    ? { practice_cash: result.practice_cash, practice_frozen: result.practice_frozen }
    : null;
}

const systemIdsByDb = new WeakMap<object, Promise<Record<SystemAccountKind, bigint>>>();

/** System account ids never change once written, so each database's are read once they are all there. */
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
    // A database not yet migrated to its last version lacks the newest accounts: read it again next time.
    systemIds.catch(() => systemIdsByDb.delete(key));
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
  try {
    // One statement, one round trip: the posting and its entries. The legs go as arrays, so the text
    // is the same for every posting and prepared once.
    const result = await prepared(sql<{ id: bigint }>`
      with posting as (
        insert into postings (kind, user_id, reference, created_at)
        values (${input.kind}, ${input.userId}::bigint, ${input.reference ?? null}::text, ${input.at}::timestamptz)
        returning id
      ), legs as (
        select posting.id as posting_id, leg.account_id, leg.amount, leg.seq
        from posting cross join unnest(${bigintArray(input.legs.map((leg) => leg.accountId))}::bigint[],
          ${bigintArray(input.legs.map((leg) => leg.amount))}::bigint[]) with ordinality as leg (account_id, amount, seq)
      ), ${writeLegs(input.at)}
      select id from posting`).execute(tx);
    const row = result.rows[0];
    if (!row) throw new Error("posting was not written");
    return row.id;
  } catch (error) {
    throw asLedgerError(error);
  }
}

export interface JournalPosting {
  kind: PostingKind;
  userId: bigint | null;
  reference?: string;
  /** One or more entries; the journal's postings together sum to zero, each alone need not. */
  legs: Leg[];
}

/**
 * Writes postings that balance as one journal (see migrations/0005_ledger_journals.sql) in one statement, whatever their
 * number: the settlement worker's batch in a single round trip. Returns the postings' ids, in order.
 * Entries are written like post()'s (writeLegs; `held`: the caller has locked the user accounts);
 * refusals surface the same way.
 */
export async function postJournal(
  tx: Tx,
  postings: readonly JournalPosting[],
  at: Date,
  accounts: "lock" | "held" = "lock",
): Promise<bigint[]> {
  if (postings.length === 0) return [];
  const all = postings.flatMap((posting) => {
    if (posting.legs.length === 0) throw new Error("a journal's posting needs an entry");
    return posting.legs;
  });
  assertBalanced(all);
  const allocated = await sql<{ ids: string }>`
    select array_agg(n.id)::text as ids
    from (select nextval(pg_get_serial_sequence('postings', 'id')) as id
      from generate_series(1, ${postings.length}::int)) n`.execute(tx);
  const ids = parseBigintArray(allocated.rows[0]?.ids ?? "{}").sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const journal = ids[0];
  if (journal === undefined || ids.length !== postings.length)
    throw new Error("posting ids were not allocated");
  const entryPostings: bigint[] = [];
  const entryAccounts: bigint[] = [];
  const entryAmounts: bigint[] = [];
  postings.forEach((posting, index) => {
    const postingId = ids[index];
    if (postingId === undefined) throw new Error("posting ids were not allocated");
    for (const leg of posting.legs) {
      entryPostings.push(postingId);
      entryAccounts.push(leg.accountId);
      entryAmounts.push(leg.amount);
    }
  });
  // Arrays unnested on the server: one parameter per column, whatever the batch's size.
  try {
    await sql`
      with written as (
        insert into postings (id, kind, user_id, reference, created_at, journal_id)
        select p.id, p.kind, p.user_id, p.reference, ${at}::timestamptz, ${journal}::bigint
        from unnest(${bigintArray(ids)}::bigint[], ${postings.map((p) => p.kind)}::text[],
          ${bigintArray(postings.map((p) => p.userId))}::bigint[],
          ${postings.map((p) => p.reference ?? null)}::text[]) as p (id, kind, user_id, reference)
        returning id
      ), legs as (
        select e.posting_id, e.account_id, e.amount, e.seq::int as seq
        from unnest(${bigintArray(entryPostings)}::bigint[], ${bigintArray(entryAccounts)}::bigint[],
          ${bigintArray(entryAmounts)}::bigint[]) with ordinality as e (posting_id, account_id, amount, seq)
      ), ${writeLegs(at, accounts)}
      select count(*) from written`.execute(tx);
  } catch (error) {
    throw asLedgerError(error);
  }
  return ids;
}

/** A batch statement's postings: one per row of one of its CTEs, between two of that row's user's accounts. */
export interface RowTransfers {
  /**
   * The CTE posted, one posting per row, from its columns `user_id`, `amount` and `reference` (unique
   * within the statement: it ties each posting to its row).
   */
  rows: string;
  /** The CTE this adds: the rows with their posting's id as `posting_id`. */
  as: string;
  kind: PostingKind;
  from: HeldAccountKind;
  to: HeldAccountKind;
  at: Date;
}

/**
 * CTEs for another capability's batch statement (placing orders with their stakes, in one round trip):
 * a posting per row of `rows` moving its `amount` from the user's `from` account to their `to` account,
 * entries written like post()'s (writeLegs: the accounts locked in id order). The kinds are literals, so
 * the statement's text is the same for every batch and can be prepared once. An overdraft refuses the
 * whole statement; asLedgerError states it.
 */
export function transferEach(transfers: RowTransfers): RawBuilder<unknown> {
  const rows = sql.id(transfers.rows);
  const from = sql.lit(transfers.from);
  return sql`posting as (
        insert into postings (kind, user_id, reference, created_at)
        select ${sql.lit(transfers.kind)}, r.user_id, r.reference, ${transfers.at}::timestamptz from ${rows} r
        returning id, reference
      ), ${sql.id(transfers.as)} as (
        select r.*, posting.id as posting_id
        from ${rows} r join posting on posting.reference = r.reference
      ), legs as (
        select n.posting_id, held.id as account_id,
          case held.kind when ${from} then -n.amount else n.amount end as amount, 0 as seq
        from ${sql.id(transfers.as)} n
        join accounts held on held.user_id = n.user_id and held.kind in (${from}, ${sql.lit(transfers.to)})
      ), ${writeLegs(transfers.at)}`;
}

/**
 * Locks these users' accounts of these kinds in the caller's transaction, in id order (as writeLegs
 * does, so the two never deadlock), for a batch that then posts with postJournal(…, "held").
 * `skipLocked`: accounts another transaction holds are skipped instead of waited for, and a user is
 * left out unless every one of their accounts asked for was locked. Returns each user's account ids by kind.
 */
export async function lockUserAccounts<K extends HeldAccountKind>(
  tx: Tx,
  userIds: readonly bigint[],
  kinds: readonly K[],
  options: { skipLocked: boolean },
): Promise<Map<bigint, Record<K, bigint>>> {
  const held = new Map<bigint, Record<K, bigint>>();
  if (userIds.length === 0 || kinds.length === 0) return held;
  const rows = await sql<{ id: bigint; user_id: bigint; kind: K }>`
    select id, user_id, kind from accounts
    where user_id = any(${bigintArray(userIds)}::bigint[]) and kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})
    order by id
    for no key update${options.skipLocked ? sql` skip locked` : sql``}`.execute(tx);
  const found = new Map<bigint, Partial<Record<K, bigint>>>();
  for (const row of rows.rows) {
    const ids: Partial<Record<K, bigint>> = found.get(row.user_id) ?? {};
    ids[row.kind] = row.id;
    found.set(row.user_id, ids);
  }
  for (const [userId, ids] of found)
    if (kinds.every((kind) => ids[kind] !== undefined)) held.set(userId, ids as Record<K, bigint>);
  return held;
}

/**
 * The tail of every statement that writes ledger entries, after a CTE `legs (posting_id, account_id,
 * amount, seq)`: locks the legs' user accounts in id order (two writers over the same accounts queue on
 * the first shared one instead of deadlocking; system accounts keep no balance and are not locked, so
 * writers never queue on them), then inserts the entries in (account, posting, seq) order,
 * each stating its balance_after: the locked balance plus the running sum of the account's entries in
 * that same order, which is the order their ids are drawn in. The database checks every chain and moves
 * each balance once (migrations/0007_ledger_statement_checks.sql); a system account's balance_after stays null.
 * `held`: the caller's transaction has locked these accounts already (a writer that has not, and races
 * another, is refused by the database's chain check rather than mis-posted).
 */
export function writeLegs(at: Date, accounts: "lock" | "held" = "lock") {
  // Accounts the caller's transaction already holds need no second lock: nobody else can have moved
  // them since, so this statement reads their balances as they are.
  const lock = accounts === "lock" ? sql`order by a.id for no key update` : sql``;
  return sql`locked as (
        select a.id, a.balance from accounts a
        where a.id in (select account_id from legs) and a.balance is not null
        ${lock}
      ), entries as (
        insert into ledger_entries (posting_id, account_id, amount, balance_after, created_at)
        select l.posting_id, l.account_id, l.amount,
          locked.balance + sum(l.amount) over (partition by l.account_id order by l.posting_id, l.seq
            rows between unbounded preceding and current row),
          ${at}::timestamptz
        from legs l left join locked on locked.id = l.account_id
        order by l.account_id, l.posting_id, l.seq
        returning id
      )`;
}

/**
 * The database's refusal of an overdraft (the CHECK that keeps user balances ≥ 0), as the API states
 * it; any other error as it is. For every statement that writes ledger entries.
 */
export function asLedgerError(error: unknown): unknown {
  return pgErrorCode(error) === PG_CHECK_VIOLATION && pgConstraint(error) === "user_accounts_never_negative"
    ? new AppError("INSUFFICIENT_BALANCE")
    : error;
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
