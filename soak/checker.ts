/**
 * What must hold after a soak, read straight from the database with `pg` and compared with the client's
 * answer log:
 * - every money request answered 2xx has its effect (the row its answer names, its posting), every one
 *   answered 4xx has none, and no key moved money twice (the effects per user and kind are exactly the
 *   keys the server stored as applied);
 * - every deposit and withdrawal has the postings its status says, once; an operator's 200 is the status;
 * - every closed contract has exactly one settle posting, and its entry, exit, result and payout are what
 *   the recorded ticks give (apps/server/src/trading/outcome.ts);
 * - each savings day is paid once per user, and what the accruals say is what the ledger moved;
 * - a chat message is stored iff answered 2xx, and a withdrawal account is bound iff the user was told so;
 * - a limit answered 2xx took the value asked for, at once or waiting its 24 hours, and each user's last
 *   answer per limit is what the database holds;
 * - the ledger's invariants (checkLedgerInvariants), and no user account below zero.
 */
import {
  isCountKind,
  type LimitKind,
  LOOSEN_AFTER_HOURS,
  toMinor,
  type UserLimits,
} from "@tickfair/contract";
import pg from "pg";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { createDb } from "../apps/server/src/platform/db";
import { decideOutcome, payoutFor, type Result } from "../apps/server/src/trading/outcome";
import { FEED_GAP_MS } from "../apps/server/src/trading/service";
import { type Action, isSuccess, type LoggedRequest } from "./answer-log";

type MoneyAction =
  | "topup"
  | "contract"
  | "savings_in"
  | "savings_out"
  | "deposit"
  | "withdraw"
  | "withdraw_cancel";
const MONEY_ACTIONS: readonly MoneyAction[] = [
  "topup",
  "contract",
  "savings_in",
  "savings_out",
  "deposit",
  "withdraw",
  "withdraw_cancel",
];

export interface CheckResult {
  acknowledged_lost: number;
  unacknowledged_applied: number;
  applied_twice: number;
  unanswered: number;
  unanswered_applied: number;
  retried_money_requests: number;
  double_settled: number;
  outcome_mismatches: number;
  contracts: number;
  contracts_settled: number;
  contracts_void: number;
  contracts_open_at_end: number;
  cashier_mismatches: number;
  limit_mismatches: number;
  savings_days_paid: number;
  savings_mismatches: number;
  invariant_violations: number;
  negative_balances: number;
  /** One line per problem found (the first few of each kind), for the output. */
  problems: string[];
}

export async function checkSoak(databaseUrl: string, log: readonly LoggedRequest[]): Promise<CheckResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  const problem = (line: string) => {
    if (problems.length < 60) problems.push(line);
  };
  try {
    const money = await checkMoneyRequests(client, log, problem);
    const cashier = await checkCashier(client, log, problem);
    const others = await checkChatAndBinding(client, log, problem);
    const limitMismatches = await checkLimits(client, log, problem);
    const contracts = await checkContracts(client, problem);
    const savings = await checkSavings(client, problem);
    const negative = await count(
      client,
      "select count(*) from accounts where user_id is not null and balance < 0",
    );
    if (negative > 0) problem(`${negative} user accounts below zero`);
    const db = createDb({ databaseUrl, dataDir: null, poolSize: 2 });
    let invariantViolations: number;
    try {
      const report = await checkLedgerInvariants(db);
      invariantViolations = report.violations.length;
      for (const violation of report.violations) problem(`ledger: ${violation}`);
    } finally {
      await db.destroy();
    }
    return {
      ...money,
      acknowledged_lost: money.acknowledged_lost + cashier.acknowledgedLost + others.acknowledgedLost,
      unacknowledged_applied: money.unacknowledged_applied + others.unacknowledgedApplied,
      ...contracts,
      cashier_mismatches: cashier.mismatches,
      limit_mismatches: limitMismatches,
      ...savings,
      invariant_violations: invariantViolations,
      negative_balances: negative,
      problems,
    };
  } finally {
    await client.end();
  }
}

async function count(client: pg.Client, query: string, values: unknown[] = []): Promise<number> {
  const result = await client.query<{ count: string }>(query, values);
  return Number(result.rows[0]?.count ?? 0);
}

const answered = (entry: LoggedRequest) => entry.status > 0 && entry.status < 500;

async function checkMoneyRequests(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: (line: string) => void,
) {
  const stored = await client.query<{
    account: string;
    key: string;
    status_code: number | null;
    response: unknown;
  }>(
    `select u.account, k.key, k.status_code, k.response from idempotency_keys k join users u on u.id = k.user_id
     where u.account like 'soak%'`,
  );
  const applied = new Map(stored.rows.map((row) => [`${row.account} ${row.key}`, row]));
  const requests = log.filter(
    (entry): entry is LoggedRequest & { action: MoneyAction; idempotencyKey: string } =>
      (MONEY_ACTIONS as readonly Action[]).includes(entry.action) && entry.idempotencyKey !== null,
  );
  const sent = new Set(requests.map((entry) => `${entry.actor} ${entry.idempotencyKey}`));
  let acknowledgedLost = 0;
  let unacknowledgedApplied = 0;
  let unanswered = 0;
  let unansweredApplied = 0;
  let retried = 0;
  /** Keys the server stored as applied, per user and action: the effects must be exactly these. */
  const appliedKeys = new Map<string, number>();
  for (const entry of requests) {
    const row = applied.get(`${entry.actor} ${entry.idempotencyKey}`);
    if (entry.attempts.length > 1) retried++;
    if (row)
      appliedKeys.set(
        `${entry.actor} ${entry.action}`,
        (appliedKeys.get(`${entry.actor} ${entry.action}`) ?? 0) + 1,
      );
    if (isSuccess(entry.status)) {
      if (!row) {
        acknowledgedLost++;
        problem(
          `acknowledged but not applied: ${entry.actor} ${entry.method} ${entry.path} key ${entry.idempotencyKey}`,
        );
      }
    } else if (answered(entry)) {
      if (row) {
        unacknowledgedApplied++;
        problem(
          `answered ${entry.status} but applied: ${entry.actor} ${entry.path} key ${entry.idempotencyKey}`,
        );
      }
    } else {
      unanswered++;
      if (row) unansweredApplied++;
    }
  }
  for (const key of applied.keys()) {
    if (!sent.has(key)) {
      unacknowledgedApplied++;
      problem(`a key nobody sent is stored as applied: ${key}`);
    }
  }

  // The effects: the rows each 2xx answer names exist, and per user and kind there are as many as keys applied.
  const effects = await client.query<{ account: string; action: MoneyAction; n: string }>(
    `select u.account, e.action, count(*)::text as n from (
       select user_id, case kind when 'demo_grant' then 'topup' when 'stake' then 'contract'
         when 'withdrawal' then 'withdraw' else kind end as action
       from postings where kind in ('demo_grant', 'stake', 'savings_in', 'savings_out', 'withdrawal')
       union all select user_id, 'deposit' from deposits
       union all select user_id, 'withdraw_cancel' from withdrawals where status = 'cancelled'
     ) e join users u on u.id = e.user_id where u.account like 'soak%' group by u.account, e.action`,
  );
  let appliedTwice = 0;
  const seen = new Set<string>();
  for (const row of effects.rows) {
    const key = `${row.account} ${row.action}`;
    seen.add(key);
    const expected = appliedKeys.get(key) ?? 0;
    const actual = Number(row.n);
    if (actual > expected) {
      appliedTwice += actual - expected;
      problem(`${row.account}: ${actual} ${row.action} effects for ${expected} applied keys`);
    } else if (actual < expected) {
      acknowledgedLost += expected - actual;
      problem(`${row.account}: ${actual} ${row.action} effects for ${expected} applied keys`);
    }
  }
  for (const [key, expected] of appliedKeys) {
    if (!seen.has(key) && expected > 0) {
      acknowledgedLost += expected;
      problem(`${key}: no effect for ${expected} applied keys`);
    }
  }
  acknowledgedLost += await checkNamedRows(client, requests, problem);
  return {
    acknowledged_lost: acknowledgedLost,
    unacknowledged_applied: unacknowledgedApplied,
    applied_twice: appliedTwice,
    unanswered,
    unanswered_applied: unansweredApplied,
    retried_money_requests: retried,
  };
}

/** The row a 2xx answer names is there, the user's, with the amount that was sent. */
async function checkNamedRows(
  client: pg.Client,
  requests: readonly (LoggedRequest & { action: MoneyAction })[],
  problem: (line: string) => void,
): Promise<number> {
  const ok = requests.filter((entry) => isSuccess(entry.status));
  const idsOf = (action: MoneyAction, field: "id" | "postingId") =>
    ok
      .filter((entry) => entry.action === action)
      .map((entry) => ({ entry, id: (entry.answer as Record<string, string> | null)?.[field] ?? null }));
  const tables: {
    action: MoneyAction;
    field: "id" | "postingId";
    query: string;
    amountField: string | null;
  }[] = [
    {
      action: "contract",
      field: "id",
      amountField: "stake",
      query:
        "select c.id::text, u.account, c.stake::text as amount from contracts c join users u on u.id = c.user_id where c.id = any($1::bigint[])",
    },
    {
      action: "deposit",
      field: "id",
      amountField: "amount",
      query:
        "select d.id::text, u.account, d.amount::text as amount from deposits d join users u on u.id = d.user_id where d.id = any($1::bigint[])",
    },
    {
      action: "withdraw",
      field: "id",
      amountField: "amount",
      query:
        "select w.id::text, u.account, w.amount::text as amount from withdrawals w join users u on u.id = w.user_id where w.id = any($1::bigint[])",
    },
    {
      action: "topup",
      field: "postingId",
      amountField: "amount",
      query:
        "select p.id::text, u.account, (select sum(amount) from ledger_entries e where e.posting_id = p.id and e.amount > 0)::text as amount from postings p join users u on u.id = p.user_id where p.id = any($1::bigint[]) and p.kind = 'demo_grant'",
    },
  ];
  let lost = 0;
  for (const table of tables) {
    const named = idsOf(table.action, table.field);
    const rows = await client.query<{ id: string; account: string; amount: string }>(table.query, [
      named.flatMap(({ id }) => (id && /^\d+$/.test(id) ? [id] : [])),
    ]);
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    for (const { entry, id } of named) {
      const row = id ? byId.get(id) : undefined;
      const sentAmount = table.amountField
        ? (entry.sent as Record<string, string> | null)?.[table.amountField]
        : undefined;
      if (
        !row ||
        row.account !== entry.actor ||
        (sentAmount !== undefined && String(toMinor(sentAmount)) !== row.amount)
      ) {
        lost++;
        problem(
          `${entry.actor} ${table.action} ${id}: answered ${entry.status}, row ${row ? JSON.stringify(row) : "missing"}`,
        );
      }
    }
  }
  return lost;
}

async function checkCashier(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: (line: string) => void,
) {
  let mismatches = 0;
  const deposits = await client.query<{ id: string; status: string; postings: string }>(
    `select d.id::text, d.status, (select count(*) from postings p where p.kind = 'deposit' and p.reference = d.order_no)::text as postings
     from deposits d`,
  );
  const depositStatus = new Map<string, string>();
  for (const row of deposits.rows) {
    depositStatus.set(row.id, row.status);
    const expected = row.status === "success" ? 1 : 0;
    if (Number(row.postings) !== expected) {
      mismatches++;
      problem(`deposit ${row.id} ${row.status} has ${row.postings} deposit postings`);
    }
  }
  const withdrawals = await client.query<{
    id: string;
    status: string;
    made: string;
    paid: string;
    returned: string;
  }>(
    `select w.id::text, w.status,
       (select count(*) from postings p where p.kind = 'withdrawal' and p.reference = w.order_no)::text as made,
       (select count(*) from postings p where p.kind = 'withdrawal_paid' and p.reference = w.order_no)::text as paid,
       (select count(*) from postings p where p.kind = 'withdrawal_return' and p.reference = w.order_no)::text as returned
     from withdrawals w`,
  );
  const withdrawalStatus = new Map<string, string>();
  for (const row of withdrawals.rows) {
    withdrawalStatus.set(row.id, row.status);
    const paid = row.status === "success" ? 1 : 0;
    const returned = row.status === "failed" || row.status === "cancelled" ? 1 : 0;
    if (Number(row.made) !== 1 || Number(row.paid) !== paid || Number(row.returned) !== returned) {
      mismatches++;
      problem(
        `withdrawal ${row.id} ${row.status}: ${row.made} made, ${row.paid} paid, ${row.returned} returned`,
      );
    }
  }
  // An operator's 200 (not 202: waiting for a second operator) is the decision, in the database.
  const decided: Partial<Record<Action, { statuses: Map<string, string>; status: string }>> = {
    deposit_confirm: { statuses: depositStatus, status: "success" },
    deposit_reject: { statuses: depositStatus, status: "failed" },
    withdrawal_approve: { statuses: withdrawalStatus, status: "success" },
    withdrawal_reject: { statuses: withdrawalStatus, status: "failed" },
  };
  let acknowledgedLost = 0;
  for (const entry of log) {
    const rule = decided[entry.action];
    if (!rule || entry.status !== 200) continue;
    const id = /\/(\d+)\/[a-z]+$/.exec(entry.path)?.[1] ?? "";
    if (rule.statuses.get(id) !== rule.status) {
      acknowledgedLost++;
      problem(`${entry.action} ${id} answered 200, status now ${rule.statuses.get(id)}`);
    }
  }
  return { mismatches, acknowledgedLost };
}

/**
 * Requests that carry no Idempotency-Key but must not double either: a chat message (its clientKey makes
 * a resend store nothing twice) is stored iff it was answered 2xx; a user with a bound withdrawal account
 * was answered 201 (or, on a retry, told it is locked by the first attempt), and has exactly one.
 */
async function checkChatAndBinding(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: (line: string) => void,
) {
  const stored = await client.query<{ account: string; client_key: string }>(
    `select u.account, m.client_key from chat_messages m join conversations c on c.id = m.conversation_id
     join users u on u.id = c.user_id where m.author = 'user' and m.client_key is not null`,
  );
  const messages = new Set(stored.rows.map((row) => `${row.account} ${row.client_key}`));
  let acknowledgedLost = 0;
  let unacknowledgedApplied = 0;
  for (const entry of log.filter((candidate) => candidate.action === "chat")) {
    const key = `${entry.actor} ${(entry.sent as { clientKey: string }).clientKey}`;
    if (isSuccess(entry.status) && !messages.has(key)) {
      acknowledgedLost++;
      problem(`chat message ${key} answered ${entry.status}, not stored`);
    } else if (answered(entry) && !isSuccess(entry.status) && messages.has(key)) {
      unacknowledgedApplied++;
      problem(`chat message ${key} answered ${entry.status}, stored`);
    }
  }
  const accounts = await client.query<{ account: string; n: string }>(
    `select u.account, count(*)::text as n from withdrawal_accounts w join users u on u.id = w.user_id
     where w.unbound_at is null group by u.account`,
  );
  const bound = new Map(accounts.rows.map((row) => [row.account, Number(row.n)]));
  const told = new Set(
    log
      .filter(
        (entry) =>
          entry.action === "bind_account" &&
          (isSuccess(entry.status) || JSON.stringify(entry.answer).includes("WITHDRAWAL_ACCOUNT_LOCKED")),
      )
      .map((entry) => entry.actor),
  );
  for (const account of told) {
    if (bound.get(account) !== 1) {
      acknowledgedLost++;
      problem(`${account} was told the card is bound; ${bound.get(account) ?? 0} bound accounts`);
    }
  }
  const unanswered = new Set(
    log.filter((entry) => entry.action === "bind_account" && !answered(entry)).map((entry) => entry.actor),
  );
  for (const [account, n] of bound) {
    if (account.startsWith("soak") && !told.has(account) && !unanswered.has(account)) {
      unacknowledgedApplied += n;
      problem(`${account} has ${n} bound accounts and was never told so`);
    }
  }
  return { acknowledgedLost, unacknowledgedApplied };
}

interface ClosedContract {
  id: string;
  order_no: string;
  direction: "up" | "down";
  stake: string;
  payout_rate_bps: number;
  status: string;
  result: Result;
  payout: string;
  entry_seq: string | null;
  exit_seq: string | null;
  settle_posting_id: string;
  settle_postings: string;
  cash_paid: string | null;
  accepted_at: Date;
  settled_at: Date;
  want_entry_time: Date | null;
  want_entry_seq: string | null;
  want_entry_price: string | null;
  want_exit_seq: string | null;
  want_exit_price: string | null;
}

/** A limit's value as stored: cents for money, the number itself for counts. */
const storedLimit = (kind: LimitKind, value: string | null) =>
  value === null ? null : isCountKind(kind) ? BigInt(value) : toMinor(value);

const LOOSEN_AFTER_MS = LOOSEN_AFTER_HOURS * 3600_000;
const bigintText = (_: string, value: unknown) => (typeof value === "bigint" ? String(value) : value);

interface StoredLimit {
  value: bigint | null;
  pending: bigint | null;
}

/**
 * Each limit answered 2xx shows the value asked for, in force or waiting to apply 24 hours after the
 * request; and per user and limit, the last request whose outcome is known (a 4xx changes nothing, an
 * unanswered one is unknown) left in the database what its answer showed.
 */
async function checkLimits(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: (line: string) => void,
): Promise<number> {
  const stored = await client.query<{
    account: string;
    kind: LimitKind;
    value: string | null;
    pending_value: string | null;
  }>(
    `select u.account, v.kind, v.value::text, v.pending_value::text
     from limit_values v join users u on u.id = v.user_id`,
  );
  const held = new Map<string, StoredLimit>(
    stored.rows.map((row) => [
      `${row.account} ${row.kind}`,
      {
        value: row.value === null ? null : BigInt(row.value),
        pending: row.pending_value === null ? null : BigInt(row.pending_value),
      },
    ]),
  );
  let mismatches = 0;
  // Per user and limit, what the last request whose outcome is known showed (null: unknown).
  const last = new Map<string, StoredLimit | null>();
  for (const entry of log.filter((candidate) => candidate.action === "limit")) {
    const kind = entry.path.split("/").at(-1) as LimitKind;
    const id = `${entry.actor} ${kind}`;
    if (!answered(entry)) {
      last.set(id, null);
      continue;
    }
    if (!isSuccess(entry.status)) continue;
    const asked = storedLimit(kind, (entry.sent as { value: string | null }).value);
    const limit = (entry.answer as UserLimits).limits.find((candidate) => candidate.kind === kind);
    const shown: StoredLimit = {
      value: storedLimit(kind, limit?.value ?? null),
      pending: limit?.pending ? storedLimit(kind, limit.pending.value) : null,
    };
    const appliesAt = limit?.pending ? Date.parse(limit.pending.appliesAt) : null;
    const sent = entry.attempts[0]?.sentAt ?? 0;
    const waitsItsDay =
      appliesAt !== null &&
      appliesAt >= sent + LOOSEN_AFTER_MS - 60_000 &&
      appliesAt <= (entry.attempts.at(-1)?.endedAt ?? 0) + LOOSEN_AFTER_MS + 60_000;
    if (shown.value !== asked && !(shown.pending === asked && waitsItsDay)) {
      mismatches++;
      problem(`${id} asked ${asked}, answered ${JSON.stringify(limit)}`);
    }
    last.set(id, shown);
  }
  for (const [id, shown] of last) {
    if (!shown) continue;
    const now = held.get(id) ?? { value: null, pending: null };
    if (now.value !== shown.value || now.pending !== shown.pending) {
      mismatches++;
      problem(
        `${id} last answered ${JSON.stringify(shown, bigintText)}, stored ${JSON.stringify(now, bigintText)}`,
      );
    }
  }
  return mismatches;
}

async function checkContracts(client: pg.Client, problem: (line: string) => void) {
  const gap = `${FEED_GAP_MS} milliseconds`;
  const closed = await client.query<ClosedContract>(
    `select c.id::text, c.order_no, c.direction, c.stake::text, c.payout_rate_bps, c.status, c.result, c.payout::text,
       c.entry_seq::text, c.exit_seq::text, c.settle_posting_id::text, c.accepted_at, c.settled_at,
       en.time as want_entry_time,
       (select count(*) from postings p where p.reference = c.order_no and p.kind in ('payout', 'stake_lost', 'refund'))::text
         as settle_postings,
       (select sum(e.amount) from ledger_entries e join accounts a on a.id = e.account_id
         where e.posting_id = c.settle_posting_id and a.kind = 'cash')::text as cash_paid,
       en.seq::text as want_entry_seq, en.price::text as want_entry_price,
       ex.seq::text as want_exit_seq, ex.price::text as want_exit_price
     from contracts c
     left join lateral (select t.seq, t.price, t.time from ticks t where t.symbol = c.symbol and t.time > c.accepted_at
       and t.time <= c.accepted_at + interval '${gap}' order by t.time, t.seq limit 1) en on true
     left join lateral (select t.seq, t.price from ticks t where t.symbol = c.symbol
       and t.time <= en.time + make_interval(secs => c.duration_seconds)
       and t.time > en.time + make_interval(secs => c.duration_seconds) - interval '${gap}'
       order by t.time desc, t.seq desc limit 1) ex on true
     where c.status in ('settled', 'void')`,
  );
  let doubleSettled = 0;
  let mismatches = 0;
  for (const c of closed.rows) {
    if (Number(c.settle_postings) !== 1) {
      doubleSettled += Number(c.settle_postings) > 1 ? 1 : 0;
      mismatches += Number(c.settle_postings) === 0 ? 1 : 0;
      problem(`contract ${c.order_no} has ${c.settle_postings} settle postings`);
    }
    const hasExit = c.want_entry_price !== null && c.want_exit_price !== null;
    const result: Result =
      hasExit && c.want_entry_price !== null && c.want_exit_price !== null
        ? decideOutcome(c.direction, BigInt(c.want_entry_price), BigInt(c.want_exit_price))
        : "void";
    const payout = payoutFor(BigInt(c.stake), c.payout_rate_bps, result);
    const paid = c.cash_paid === null ? 0n : BigInt(c.cash_paid);
    const sameTicks =
      result === "void" || (c.entry_seq === c.want_entry_seq && c.exit_seq === c.want_exit_seq);
    if (c.result !== result || BigInt(c.payout) !== payout || paid !== payout || !sameTicks) {
      mismatches++;
      problem(
        `contract ${c.order_no}: stored ${c.result} ${c.payout} (entry ${c.entry_seq}, exit ${c.exit_seq}, cash ${paid}), ticks give ${result} ${payout} (entry ${c.want_entry_seq}, exit ${c.want_exit_seq}); accepted ${c.accepted_at.toISOString()}, entry tick at ${c.want_entry_time?.toISOString() ?? "none"}, settled ${c.settled_at.toISOString()}`,
      );
    }
  }
  const totals = await client.query<{ status: string; n: string }>(
    "select status, count(*)::text as n from contracts group by status",
  );
  const by = Object.fromEntries(totals.rows.map((row) => [row.status, Number(row.n)]));
  return {
    double_settled: doubleSettled,
    outcome_mismatches: mismatches,
    contracts: totals.rows.reduce((sum, row) => sum + Number(row.n), 0),
    contracts_settled: by.settled ?? 0,
    contracts_void: by.void ?? 0,
    contracts_open_at_end: (by.open ?? 0) + (by.pending ?? 0),
  };
}

async function checkSavings(client: pg.Client, problem: (line: string) => void) {
  const days = await count(client, "select count(*) from savings_accruals");
  // What the accruals say each user earned is what the ledger moved to their confirmed shares as income.
  const off = await client.query<{ user_id: string; accrued: string; posted: string }>(
    `with accrued as (select user_id, sum(income) as income from savings_accruals group by user_id),
       posted as (select a.user_id, sum(e.amount) as income from ledger_entries e
         join postings p on p.id = e.posting_id join accounts a on a.id = e.account_id
         where p.kind = 'savings_income' and a.user_id is not null group by a.user_id)
     select coalesce(x.user_id, y.user_id)::text as user_id, coalesce(x.income, 0)::text as accrued,
       coalesce(y.income, 0)::text as posted
     from accrued x full join posted y on y.user_id = x.user_id
     where coalesce(x.income, 0) <> coalesce(y.income, 0)`,
  );
  for (const row of off.rows)
    problem(`savings: user ${row.user_id} accrued ${row.accrued}, posted ${row.posted}`);
  return { savings_days_paid: days, savings_mismatches: off.rows.length };
}

/** Waits (up to `timeoutMs`) until no contract that is due — expired, or pending past the gap — is left open. */
export async function waitForDueSettled(databaseUrl: string, timeoutMs: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const due = await count(
        client,
        `select count(*) from contracts where (status = 'open' and expiry_at < now() - interval '${FEED_GAP_MS} milliseconds')
           or (status = 'pending' and accepted_at < now() - interval '${FEED_GAP_MS} milliseconds')`,
      );
      if (due === 0 || Date.now() > deadline) return due;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await client.end();
  }
}
