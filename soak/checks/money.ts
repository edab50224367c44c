/**
 * Money requests carry an Idempotency-Key: every one answered 2xx has its effect (the row its answer names,
 * its posting), every one answered 4xx has none, and no key moved money twice.
 */
import { toMinor } from "@tickfair/contract";
import type pg from "pg";
import { type Action, isSuccess, type LoggedRequest, MONEY_ACTIONS, type MoneyAction } from "../answer-log";
import { answered, type Problem } from "./shared";

export async function checkMoneyRequests(client: pg.Client, log: readonly LoggedRequest[], problem: Problem) {
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
  problem: Problem,
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
