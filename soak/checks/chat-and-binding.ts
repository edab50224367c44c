import type pg from "pg";
import { isSuccess, type LoggedRequest } from "../answer-log";
import { answered, type Problem } from "./shared";

/**
 * Requests that carry no Idempotency-Key but must not double either: a chat message (its clientKey makes
 * a resend store nothing twice) is stored iff it was answered 2xx; a user with a bound withdrawal account
 * was answered 201 (or, on a retry, told it is locked by the first attempt), and has exactly one.
 */
export async function checkChatAndBinding(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: Problem,
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
