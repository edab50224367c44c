/**
 * The client's log of every request it made: what it asked (method, path, Idempotency-Key, who), each
 * attempt's answer (status, time, whether the proxy said the server behind it went away) and the final
 * answer's body. The checker compares it with the database; the report counts 5xx per attempt.
 */
import fs from "node:fs";

/** The requests that move money: each carries an Idempotency-Key of its own. */
export const MONEY_ACTIONS = [
  "topup",
  "contract",
  "savings_in",
  "savings_out",
  "deposit",
  "withdraw",
  "withdraw_cancel",
] as const;
export type MoneyAction = (typeof MONEY_ACTIONS)[number];

/** What a request means, for the checker: which effect in the database its answer promises. */
export type Action =
  | MoneyAction
  | "register"
  | "login"
  | "bind_account"
  | "chat"
  | "messages_read"
  | "limit"
  | "upload"
  | "verification_photo"
  | "verification"
  | "password_change"
  | "break"
  | "step_up"
  | "read"
  | "operator_login"
  | "deposit_confirm"
  | "deposit_reject"
  | "withdrawal_approve"
  | "withdrawal_reject"
  | "chat_reply"
  | "unbind_account";

export interface Attempt {
  /** Epoch milliseconds when the attempt was sent and when its answer (or failure) came. */
  sentAt: number;
  endedAt: number;
  /** HTTP status; 0 when the connection failed or dropped without an answer. */
  status: number;
  /** The proxy answered for a server that refused or dropped the connection (502/503/504). */
  fromProxy: boolean;
  error: string | null;
}

export interface LoggedRequest {
  /** The user's account id, or the operator's username. */
  actor: string;
  action: Action;
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The request body as sent (kept where the checker compares it; an upload's digest, not its bytes). */
  sent: unknown;
  attempts: Attempt[];
  /** The last attempt's status: 0 when every attempt failed without an answer. */
  status: number;
  /** The last answer's JSON (null when there was none or it was not JSON). */
  answer: unknown;
}

export class AnswerLog {
  readonly entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  /** Every entry as one JSON line, for reading after a run that found something. */
  write(file: string): void {
    fs.writeFileSync(file, `${this.entries.map((entry) => JSON.stringify(entry)).join("\n")}\n`);
  }
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Refused by the first answer, so it did nothing. A 4xx after an attempt without an answer (or a 5xx)
 * is not: the first may have been applied and the retry refused for that (a used step-up, an old
 * password that is no longer right).
 */
export const refusedAtOnce = (entry: LoggedRequest) =>
  entry.attempts.length === 1 && entry.status >= 400 && entry.status < 500;

/** The error code of an answer, when it has one. */
export const errorCode = (answer: unknown): string | null => {
  const error = (answer as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : null;
};
