/**
 * Time-outs: a break answered 2xx is stored (a `time_out` change, and the user's break in force until
 * at least a day after it was asked for); one refused at once (a wrong password) stored nothing while it
 * was handled. From the first stored start of a user's break on, nothing that a break refuses was
 * accepted for them: no order, deposit, demo top-up or move into Yu'ebao.
 */
import type pg from "pg";
import { isSuccess, type LoggedRequest, refusedAtOnce } from "../answer-log";
import type { Problem } from "./shared";

export interface BreakFigures {
  breaks: number;
  break_violations: number;
}

const DAY_MS = 86_400_000;
/** Slack between the client's clock and the server's (the same machine) around an answer's window. */
const SLACK_MS = 1_000;

export async function checkBreaks(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: Problem,
): Promise<BreakFigures> {
  const changes = await client.query<{ account: string; requested_at: Date }>(
    `select u.account, c.requested_at from limit_changes c join users u on u.id = c.user_id
     where c.kind = 'time_out' order by c.requested_at`,
  );
  const forced = await client.query<{ account: string; break_until: Date | null }>(
    "select u.account, l.break_until from trading_limits l join users u on u.id = l.user_id where l.break_kind is not null",
  );
  const until = new Map(forced.rows.map((row) => [row.account, row.break_until]));
  let violations = 0;
  const violation = (line: string) => {
    violations++;
    problem(line);
  };
  const breaks = log.filter((entry) => entry.action === "break");
  const window = (entry: LoggedRequest) => ({
    from: (entry.attempts[0]?.sentAt ?? 0) - SLACK_MS,
    to: (entry.attempts.at(-1)?.endedAt ?? 0) + SLACK_MS,
  });
  for (const entry of breaks) {
    const { from, to } = window(entry);
    // A break stored inside this request's window may be another's of the same user (the right
    // password, sent at once after a wrong one): a refusal answers only for what no other could have stored.
    const others = breaks
      .filter((other) => other !== entry && other.actor === entry.actor && !refusedAtOnce(other))
      .map(window);
    const stored = changes.rows.filter((row) => {
      const at = row.requested_at.getTime();
      if (row.account !== entry.actor || at < from || at > to) return false;
      return isSuccess(entry.status) || !others.some((other) => at >= other.from && at <= other.to);
    });
    if (isSuccess(entry.status)) {
      const end = until.get(entry.actor)?.getTime() ?? 0;
      if (stored.length === 0 || end < from + DAY_MS)
        violation(
          `${entry.actor}: break answered ${entry.status}, stored ${stored.length} times, in force until ${until.get(entry.actor)?.toISOString()}`,
        );
    } else if (refusedAtOnce(entry) && stored.length > 0) {
      violation(`${entry.actor}: break answered ${entry.status}, stored`);
    }
  }
  const started = new Map<string, Date>();
  for (const row of changes.rows) if (!started.has(row.account)) started.set(row.account, row.requested_at);
  if (started.size > 0) {
    const accepted = await client.query<{ account: string; what: string; at: Date }>(
      `with took as (select u.id, u.account, min(c.requested_at) as at from limit_changes c
                       join users u on u.id = c.user_id where c.kind = 'time_out' group by u.id, u.account)
       select took.account, 'order ' || k.order_no as what, k.accepted_at as at
         from contracts k join took on took.id = k.user_id where k.accepted_at > took.at
       union all
       select took.account, 'deposit ' || d.order_no, d.created_at
         from deposits d join took on took.id = d.user_id where d.created_at > took.at
       union all
       select took.account, p.kind || ' ' || p.id, p.created_at
         from postings p join took on took.id = p.user_id
         where p.kind in ('demo_grant', 'savings_in') and p.created_at > took.at`,
    );
    for (const row of accepted.rows)
      violation(
        `${row.account}: ${row.what} accepted at ${row.at.toISOString()}, after the break of ${started.get(row.account)?.toISOString()}`,
      );
  }
  return { breaks: breaks.filter((entry) => isSuccess(entry.status)).length, break_violations: violations };
}
