import type pg from "pg";
import { isSuccess, type LoggedRequest } from "../answer-log";
import { checkBinding } from "./binding";
import { answered, type Problem } from "./shared";

/**
 * Requests that carry no Idempotency-Key but must not double either: a chat message (its clientKey makes
 * a resend store nothing twice) is stored iff it was answered 2xx; withdrawal accounts, bound by users
 * and unbound by the admin, follow what each was told (./binding.ts).
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
  const binding = await checkBinding(client, log, problem);
  return { acknowledgedLost, unacknowledgedApplied, ...binding };
}
