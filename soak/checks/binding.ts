/**
 * Withdrawal accounts over time, as users bind them and the admin unbinds them: no user ever had two
 * bound at once; every bind answered 201 has its row, bound while it was asked; every unbind answered
 * 200 left a row unbound while it was asked; and each user's account is, at the end, what the last
 * thing they or the admin were told says — unless a request without a known outcome, or one that
 * overlaps it in time (the admin unbinding while the user withdraws), leaves it open.
 */
import type pg from "pg";
import { errorCode, isSuccess, type LoggedRequest, refusedAtOnce } from "../answer-log";
import type { Problem } from "./shared";

export interface BindingFigures {
  unbinds: number;
  binding_mismatches: number;
}

type State = "bound" | "unbound" | "unknown";

interface Told {
  start: number;
  end: number;
  state: State;
  what: string;
}

/** Slack between the client's clock and the server's (the same machine) around an answer's window. */
const SLACK_MS = 1_000;
const UNBIND_PATH = /^\/api\/v1\/operator\/users\/(\d+)\/withdrawal-account$/;

/** What one request told about its user's account, and when; null when it told nothing. */
function told(entry: LoggedRequest): State | null {
  const code = errorCode(entry.answer);
  switch (entry.action) {
    case "bind_account":
      // Locked: an account is bound (an earlier attempt's, whose answer was lost).
      if (isSuccess(entry.status) || code === "WITHDRAWAL_ACCOUNT_LOCKED") return "bound";
      return refusedAtOnce(entry) ? null : "unknown";
    case "unbind_account":
      // Not found: nothing was bound to unbind (the retry of an unbind that was applied, too).
      if (entry.status === 200 || code === "NOT_FOUND") return "unbound";
      return refusedAtOnce(entry) ? null : "unknown";
    case "withdraw":
      if (code === "WITHDRAWAL_ACCOUNT_REQUIRED") return "unbound";
      return isSuccess(entry.status) ? "bound" : null;
    default:
      return null;
  }
}

export async function checkBinding(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: Problem,
): Promise<BindingFigures> {
  const rows = await client.query<{ account: string; id: string; bound_at: Date; unbound_at: Date | null }>(
    `select u.account, u.id::text, w.bound_at, w.unbound_at from withdrawal_accounts w
     join users u on u.id = w.user_id where u.account like 'soak%' order by w.bound_at`,
  );
  const users = await client.query<{ account: string; id: string }>(
    "select account, id::text from users where account like 'soak%'",
  );
  const accountOf = new Map(users.rows.map((row) => [row.id, row.account]));
  let mismatches = 0;
  const mismatch = (line: string) => {
    mismatches++;
    problem(line);
  };
  const history = new Map<string, typeof rows.rows>();
  for (const row of rows.rows) history.set(row.account, [...(history.get(row.account) ?? []), row]);
  for (const [account, accounts] of history)
    for (const [index, row] of accounts.entries()) {
      const next = accounts[index + 1];
      if (next && (row.unbound_at === null || row.unbound_at > next.bound_at))
        mismatch(`${account}: an account bound at ${next.bound_at.toISOString()} while another still was`);
    }

  const events = new Map<string, Told[]>();
  let unbinds = 0;
  for (const entry of log) {
    const state = told(entry);
    if (state === null) continue;
    const account =
      entry.action === "unbind_account"
        ? accountOf.get(UNBIND_PATH.exec(entry.path)?.[1] ?? "")
        : entry.actor;
    if (!account) continue;
    const start = (entry.attempts[0]?.sentAt ?? 0) - SLACK_MS;
    const end = (entry.attempts.at(-1)?.endedAt ?? 0) + SLACK_MS;
    const what = `${entry.action} ${entry.status} at ${new Date(end - SLACK_MS).toISOString()}`;
    events.set(account, [...(events.get(account) ?? []), { start, end, state, what }]);
    const within = (at: Date | null) => at !== null && at.getTime() >= start && at.getTime() <= end;
    const mine = history.get(account) ?? [];
    if (entry.action === "unbind_account" && entry.status === 200) {
      unbinds++;
      if (!mine.some((row) => within(row.unbound_at)))
        mismatch(`${account}: ${what}, no account unbound then`);
    }
    if (
      entry.action === "bind_account" &&
      isSuccess(entry.status) &&
      !mine.some((row) => within(row.bound_at))
    )
      mismatch(`${account}: ${what}, no account bound then`);
  }

  for (const account of accountOf.values()) {
    const expected = finalState(events.get(account) ?? []);
    if (expected === "unknown") continue;
    const bound = (history.get(account) ?? []).some((row) => row.unbound_at === null);
    if (bound !== (expected.state === "bound"))
      mismatch(
        `${account}: last told ${expected.state} (${expected.what}), ${bound ? "bound" : "unbound"} at the end`,
      );
  }
  return { unbinds, binding_mismatches: mismatches };
}

/**
 * The state the last known answer left, or "unknown" when a request with an unknown outcome, or one
 * telling otherwise, ended after it began (their order on the server is not known).
 */
function finalState(events: readonly Told[]): Told | { state: "unbound"; what: string } | "unknown" {
  const known = events.filter((event) => event.state !== "unknown");
  const last = known.reduce<Told | null>(
    (latest, event) => (latest && latest.end >= event.end ? latest : event),
    null,
  );
  if (!last) return events.length > 0 ? "unknown" : { state: "unbound", what: "never bound" };
  const open = events.some((event) => event !== last && event.state !== last.state && event.end > last.start);
  return open ? "unknown" : last;
}
