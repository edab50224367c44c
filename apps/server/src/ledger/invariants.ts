import type { LedgerCheckReport, LedgerCheckScope } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { type LedgerCheckpoint, type LedgerCut, latestCheckpoint, ORIGIN, takeCut } from "./checkpoint";
import { PRACTICE_KINDS } from "./schema";

export interface InvariantReport {
  ok: boolean;
  violations: string[];
  /** "since checkpoint" read only what came after the newest checkpoint; with none, a check is full. */
  scope: LedgerCheckScope;
  /** The ids it read up to; what came after is for the next check. */
  cut: { entryId: string; postingId: string };
  /** Accounts now; postings and entries up to the cut. */
  counts: { accounts: number; postings: number; entries: number };
  /** The tick archives' files and ticks, when checked with the ledger. */
  tickArchives: { files: number; ticks: number } | null;
  /** The checkpoint this check vouches for: kept by recordLedgerCheck when it found no violation. */
  next: LedgerCheckpoint;
}

/**
 * The check of the tick archives, handed down by the wiring: the market owns them (decision 0084), and
 * `npm run ledger:check` vouches for them with the ledger. Its violations join the ledger's, so a broken
 * archive fails the check, keeps it from becoming a checkpoint and raises the same alert.
 */
export type TickArchiveCheck = (
  db: Executor,
  scope: LedgerCheckScope,
) => Promise<{ files: number; ticks: number; violations: string[] }>;

/**
 * An invariant another capability keeps between its own tables and the ledger's (the exposure caps'
 * running totals, Yu'ebao's books), handed down by the wiring as the tick archives' check is: its
 * violations join the ledger's. It is told the check's scope, so one that reads a whole history can
 * keep to the full check.
 */
export type OwnedCheck = (db: Executor, scope: LedgerCheckScope) => Promise<string[]>;

/** What the wiring hands the ledger check besides the ledger itself. */
export interface CheckedWithLedger {
  tickArchives?: TickArchiveCheck;
  owned?: readonly OwnedCheck[];
}

/** The entries and postings a check reads: above `from`'s ids, at or below `to`. */
interface Range {
  from: LedgerCheckpoint;
  to: LedgerCut;
}

/**
 * The ledger's invariants (ARCHITECTURE §1.3), checked on a live database: all entries sum to zero,
 * every journal (a posting on its own, or postings written together as one) balances with two or more
 * entries and none of its postings is empty, each user account's entries carry its running balance and
 * the last one's balance_after is its balance, no user account is below zero, and practice money stays
 * apart: no posting has entries on both practice and real accounts, a practice kind of posting touches
 * practice accounts only, and every journal's practice entries sum to zero on their own.
 *
 * Entries and postings are append-only, so `since: "checkpoint"` reads only what came after the newest
 * checkpoint's cut (the routine check, docs/decisions/0083-incremental-ledger-check.md), and vouches for
 * the balances of accounts without new entries by the checkpoint's balance digest (decision 0086);
 * `"full"` reads everything, and also sums each account's entries. The tick archives and the other
 * capabilities' invariants (`owned`) are checked with it. A report without violations is kept as the
 * next checkpoint by recordLedgerCheck.
 */
export async function checkLedgerInvariants(
  db: Executor,
  options: { since: "checkpoint" | "full" } & CheckedWithLedger = { since: "full" },
): Promise<InvariantReport> {
  const checkpoint = options.since === "checkpoint" ? await latestCheckpoint(db) : null;
  const range: Range = { from: checkpoint ?? ORIGIN, to: await takeCut(db) };
  const scope: LedgerCheckScope = checkpoint ? "since checkpoint" : "full";

  const totals = await rangeTotals(db, range);
  const violations = [
    ...(totals.sum === "0" ? [] : [`all entries sum to ${totals.sum}, not 0`]),
    ...(await journals(db, range)),
    ...(await mixedPostings(db, range)),
    ...(await brokenChains(db, range)),
    ...(checkpoint
      ? [...(await balancesAgainstDigest(db, checkpoint)), ...(await touchedBalances(db, checkpoint))]
      : await balancesAgainstEntries(db)),
    ...(await negativeBalances(db)),
  ];
  const archives = options.tickArchives ? await options.tickArchives(db, scope) : null;
  if (archives) violations.push(...archives.violations);
  for (const check of options.owned ?? []) violations.push(...(await check(db, scope)));
  const accounts = await sql<{ accounts: string }>`select count(*)::text as accounts from accounts`.execute(
    db,
  );

  return {
    ok: violations.length === 0,
    violations,
    scope,
    cut: { entryId: String(range.to.entryId), postingId: String(range.to.postingId) },
    counts: {
      accounts: Number(accounts.rows[0]?.accounts ?? 0),
      postings: Number(totals.postings),
      entries: Number(totals.entries),
    },
    tickArchives: archives ? { files: archives.files, ticks: archives.ticks } : null,
    next: {
      ...range.to,
      entries: totals.entries,
      postings: totals.postings,
      balanceDigest: totals.balanceDigest,
    },
  };
}

/** The report as the API shows it: the checkpoint it may become stays on the server. */
export function shownReport({ next: _kept, ...report }: InvariantReport): LedgerCheckReport {
  return report;
}

const newEntry = (range: Range, alias: string) =>
  sql`${sql.ref(`${alias}.id`)} > ${range.from.entryId} and ${sql.ref(`${alias}.id`)} <= ${range.to.entryId}`;
const newPosting = (range: Range, alias: string) =>
  sql`${sql.ref(`${alias}.id`)} > ${range.from.postingId} and ${sql.ref(`${alias}.id`)} <= ${range.to.postingId}`;
const practice = sql`a.kind in (${sql.join(PRACTICE_KINDS.map((kind) => sql.lit(kind)))})`;

/** Σ amount × account id over user accounts' entries: the balance digest, from the entries' side. */
const digestOf = (alias: string) =>
  sql`coalesce(sum(${sql.ref(`${alias}.amount`)}::numeric * ${sql.ref(`${alias}.account_id`)})
    filter (where a.user_id is not null), 0)`;

/**
 * The sum of the new entries, which is the sum of all up to the cut (the checkpoint's entries summed to
 * 0); the counts of entries and postings up to the cut, the checkpoint's plus the new ones; and the
 * balance digest at the cut, the checkpoint's plus what the new entries add.
 */
async function rangeTotals(
  db: Executor,
  range: Range,
): Promise<{ sum: string; entries: bigint; postings: bigint; balanceDigest: string }> {
  const { rows } = await sql<{ sum: string; entries: string; postings: string; digest: string }>`
    select coalesce(sum(e.amount), 0)::text as sum,
      (${range.from.entries}::bigint + count(*))::text as entries,
      (select ${range.from.postings}::bigint + count(*) from postings p where ${newPosting(range, "p")})::text
        as postings,
      (${range.from.balanceDigest}::numeric + ${digestOf("e")})::text as digest
    from ledger_entries e join accounts a on a.id = e.account_id
    where ${newEntry(range, "e")}`.execute(db);
  const row = rows[0];
  return {
    sum: row?.sum ?? "0",
    entries: BigInt(row?.entries ?? 0),
    postings: BigInt(row?.postings ?? 0),
    balanceDigest: row?.digest ?? range.from.balanceDigest,
  };
}

/**
 * Every posting that is new or has a new entry. The rules below read each through its own index lookups
 * (lateral and scalar subqueries, which the planner keeps per row), so the cost follows what is new: a
 * join would let it hash the whole postings table.
 */
const touchedPostings = (range: Range) => sql`
  select p.id as posting from postings p where ${newPosting(range, "p")}
  union
  select e.posting_id from ledger_entries e where ${newEntry(range, "e")}`;

/**
 * Each journal of a touched posting, read whole: a journal can have postings on both sides of the cut.
 * It balances over two or more entries with none of its postings empty, and so do its practice entries.
 */
async function journals(db: Executor, range: Range): Promise<string[]> {
  const { rows } = await sql<{
    journal: string;
    total: string;
    entries: string;
    empty: string;
    practice: string;
  }>`
    select t.journal::text as journal, j.total::text as total, j.entries::text as entries,
      j.empty::text as empty, j.practice::text as practice
    from (
      select distinct (select coalesce(p.journal_id, p.id) from postings p where p.id = t.posting) as journal
      from (${touchedPostings(range)}) t
    ) t
    cross join lateral (
      select coalesce(sum(e.amount), 0) as total, count(e.id) as entries,
        count(*) filter (where e.id is null) as empty,
        coalesce(sum(e.amount) filter (where ${practice}), 0) as practice
      from postings p
      left join ledger_entries e on e.posting_id = p.id and e.id <= ${range.to.entryId}
      left join accounts a on a.id = e.account_id
      where coalesce(p.journal_id, p.id) = t.journal and p.id <= ${range.to.postingId}
    ) j
    where j.total <> 0 or j.entries < 2 or j.empty > 0 or j.practice <> 0
    order by t.journal
    limit 20`.execute(db);
  return rows.flatMap((row) => [
    ...(row.total !== "0" || Number(row.entries) < 2 || row.empty !== "0"
      ? [
          `journal ${row.journal} sums to ${row.total} over ${row.entries} entries (${row.empty} postings without one)`,
        ]
      : []),
    ...(row.practice !== "0"
      ? [`journal ${row.journal}'s practice entries sum to ${row.practice}, not 0`]
      : []),
  ]);
}

/** No touched posting mixes practice and real money, nor is of a practice kind with real entries. */
async function mixedPostings(db: Executor, range: Range): Promise<string[]> {
  const { rows } = await sql<{ posting: string; kind: string; practice: string; real: string }>`
    select t.posting::text as posting, t.kind, c.practice::text as practice, c.real::text as real
    from (
      select t.posting, (select p.kind from postings p where p.id = t.posting) as kind
      from (${touchedPostings(range)}) t
    ) t
    cross join lateral (
      select count(*) filter (where ${practice}) as practice, count(*) filter (where not ${practice}) as real
      from ledger_entries e join accounts a on a.id = e.account_id
      where e.posting_id = t.posting and e.id <= ${range.to.entryId}
    ) c
    where (c.practice > 0 and c.real > 0) or (t.kind like 'practice\_%' and c.real > 0)
    order by t.posting
    limit 20`.execute(db);
  return rows.map(
    (row) =>
      `posting ${row.posting} (${row.kind}) mixes practice and real money: ${row.practice} practice and ${row.real} real entries`,
  );
}

/**
 * Each new entry of a user account states the balance after it: the account's previous entry's plus its
 * amount. The first new entry of an account follows its last entry at or before the cut (found through
 * ledger_entries_account), which the check that wrote the checkpoint vouched for.
 */
async function brokenChains(db: Executor, range: Range): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
    account_id: string;
    balance_after: string | null;
    expected: string;
  }>`
    with fresh as (
      select e.id, e.account_id, e.amount, e.balance_after,
        lag(e.balance_after) over w as previous, row_number() over w as n
      from ledger_entries e join accounts a on a.id = e.account_id
      where ${newEntry(range, "e")} and a.user_id is not null
      window w as (partition by e.account_id order by e.id)
    )
    select f.id::text as id, f.account_id::text as account_id, f.balance_after::text as balance_after,
      (coalesce(case when f.n = 1 then anchor.balance_after else f.previous end, 0) + f.amount)::text as expected
    from fresh f
    left join lateral (
      select o.balance_after from ledger_entries o
      where f.n = 1 and o.account_id = f.account_id and o.id <= ${range.from.entryId}
      order by o.id desc limit 1
    ) anchor on true
    where f.balance_after is distinct from
      coalesce(case when f.n = 1 then anchor.balance_after else f.previous end, 0) + f.amount
    order by f.id
    limit 20`.execute(db);
  return rows.map(
    (row) =>
      `entry ${row.id} of account ${row.account_id} states balance_after ${row.balance_after}, not ${row.expected}`,
  );
}

/** Full: each user account holds the sum of all its entries, which is its last entry's balance_after. */
async function balancesAgainstEntries(db: Executor): Promise<string[]> {
  const { rows } = await sql<{
    account_id: string;
    balance: string;
    entries: string;
    last_after: string | null;
  }>`
    select a.id::text as account_id, a.balance::text as balance,
           coalesce(sum(e.amount), 0)::text as entries,
           (select e2.balance_after::text from ledger_entries e2 where e2.account_id = a.id order by e2.id desc limit 1) as last_after
    from accounts a left join ledger_entries e on e.account_id = a.id
    where a.user_id is not null
    group by a.id
    having a.balance <> coalesce(sum(e.amount), 0)
        or a.balance <> coalesce((select e2.balance_after from ledger_entries e2 where e2.account_id = a.id order by e2.id desc limit 1), 0)
    limit 20`.execute(db);
  return rows.map(
    (row) =>
      `account ${row.account_id} holds ${row.balance} but its entries sum to ${row.entries} (last balance_after ${row.last_after})`,
  );
}

/**
 * Since a checkpoint, every user account at once: the digest of the balances now is the checkpoint's
 * plus what the entries above its cut add. One statement, so balances and entries are of one snapshot
 * (an entry and the balance it moves commit together), and the cut waited for every writer below it.
 * A balance changed without an entry (the guard trigger switched off) shows here without a lookup per
 * account; weighing each balance by its account's id, moving money between two accounts shows too.
 */
async function balancesAgainstDigest(db: Executor, checkpoint: LedgerCheckpoint): Promise<string[]> {
  const { rows } = await sql<{ held: string; entries: string }>`
    select
      (select coalesce(sum(a.balance::numeric * a.id), 0) from accounts a where a.user_id is not null)::text
        as held,
      (select ${checkpoint.balanceDigest}::numeric + ${digestOf("e")}
        from ledger_entries e join accounts a on a.id = e.account_id
        where e.id > ${checkpoint.entryId})::text as entries`.execute(db);
  const row = rows[0];
  if (!row || row.held === row.entries) return [];
  return [
    `user accounts' balances have the digest ${row.held} but their entries give ${row.entries}: a balance changed without an entry`,
  ];
}

/**
 * Since a checkpoint: each user account with an entry above its cut holds its last entry's
 * balance_after, whose running balance brokenChains vouches for. The digest covers the others.
 */
async function touchedBalances(db: Executor, checkpoint: LedgerCheckpoint): Promise<string[]> {
  const { rows } = await sql<{ account_id: string; balance: string; last_after: string | null }>`
    select a.id::text as account_id, a.balance::text as balance, last.balance_after::text as last_after
    from (select distinct e.account_id from ledger_entries e where e.id > ${checkpoint.entryId}) t
    join accounts a on a.id = t.account_id
    cross join lateral (
      select e.balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1
    ) last
    where a.user_id is not null and a.balance is distinct from last.balance_after
    order by a.id
    limit 20`.execute(db);
  return rows.map(
    (row) =>
      `account ${row.account_id} holds ${row.balance} but its last entry's balance_after is ${row.last_after}`,
  );
}

async function negativeBalances(db: Executor): Promise<string[]> {
  const { rows } = await sql<{ id: string; balance: string }>`
    select id::text as id, balance::text as balance from accounts where user_id is not null and balance < 0 limit 20`.execute(
    db,
  );
  return rows.map((row) => `user account ${row.id} is below zero: ${row.balance}`);
}
