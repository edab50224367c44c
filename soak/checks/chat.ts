import type pg from "pg";
import { isSuccess, type LoggedRequest } from "../answer-log";
import { answered, type Problem } from "./shared";

/**
 * A chat message carries no Idempotency-Key but must not double either (its clientKey makes a resend
 * store nothing twice): it is stored iff it was answered 2xx.
 */
export async function checkChatMessages(client: pg.Client, log: readonly LoggedRequest[], problem: Problem) {
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
  return { acknowledgedLost, unacknowledgedApplied };
}
