import { LOCALES, type Locale } from "@tickfair/contract";
import { sql } from "kysely";
import webpush from "web-push";
import type { Config } from "../platform/config";
import type { Db } from "../platform/db";
import type { RetentionRule } from "../platform/retention";
import type { PushEvent } from "./events";
import { wordPush } from "./texts";
import { type VapidKeys, vapidSubject } from "./vapid";

/** How long a push service keeps a notification for a browser that is offline: a day-old result is news no more. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * A sent, gone or dropped notification leaves the outbox at once; one still waiting a day after it was
 * due (no process sends pushes) is one the push service would not deliver any more (PUSH_TTL_SECONDS).
 */
export const pushOutboxRetention: RetentionRule = {
  table: "push_outbox",
  key: ["id"],
  windowMs: PUSH_TTL_SECONDS * 1000,
  expired: (cutoff) => sql`t.next_attempt_at < ${cutoff}::timestamptz`,
};
/** Tries before a notification a push service keeps refusing (429, 5xx, no answer) is dropped. */
export const PUSH_MAX_ATTEMPTS = 8;
/** A row being sent is left alone this long; a process that dies mid-send leaves it to be sent again. */
const LEASE_MS = 2 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

export interface DeliveryDeps {
  db: Db;
  config: Config;
  now: () => Date;
  keys: () => Promise<VapidKeys>;
  /** Whether the session a subscription was made in may still be pushed to. */
  sessionLive: (sessionTokenHash: string, now: Date) => Promise<boolean>;
  log: { warn(object: unknown, message: string): void };
}

interface Claimed {
  id: bigint;
  attempts: number;
  event: PushEvent;
  subscription_id: bigint;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  server_key: string;
  session_token_hash: string;
}

export type DeliveryOutcome = "sent" | "gone" | "retry" | "dropped";

/** The wait before try number `attempts + 1`: doubling from 30 s, at most an hour, or what Retry-After asks (within that). */
export function retryDelayMs(attempts: number, retryAfter: string | null): number {
  const asked = retryAfter === null ? Number.NaN : Number(retryAfter) * 1000;
  const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Number.isFinite(asked) && asked > 0 ? Math.min(LONGEST_RETRY_MS, asked) : backoff;
}

/**
 * Sends the due notifications of the outbox, at most `batchSize`, and answers what became of each.
 * Each row is leased first (its next try moved past the send), then sent outside any transaction:
 * 2xx deletes it; 404/410 (the browser's subscription is gone) deletes the subscription; 429, 5xx or
 * no answer tries again later with backoff; any other answer cannot get better and drops it.
 */
export async function deliverDuePushes(deps: DeliveryDeps, batchSize = 50): Promise<DeliveryOutcome[]> {
  const now = deps.now();
  const { rows } = await sql<Claimed>`
    with due as (
      select id from push_outbox where next_attempt_at <= ${now}::timestamptz
      order by next_attempt_at, id limit ${batchSize}
      for update skip locked
    ), leased as (
      update push_outbox o set next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}::timestamptz,
        attempts = o.attempts + 1
      from due where o.id = due.id
      returning o.id, o.attempts, o.event, o.subscription_id
    )
    select l.id, l.attempts, l.event, l.subscription_id, s.endpoint, s.p256dh, s.auth, s.locale,
      s.server_key, s.session_token_hash
    from leased l join push_subscriptions s on s.id = l.subscription_id
    order by l.id`.execute(deps.db);
  if (rows.length === 0) return [];
  const keys = await deps.keys();
  return Promise.all(rows.map((row) => deliverOne(deps, keys, row, now)));
}

async function deliverOne(
  deps: DeliveryDeps,
  keys: VapidKeys,
  row: Claimed,
  now: Date,
): Promise<DeliveryOutcome> {
  if (row.server_key !== keys.publicKey || !(await deps.sessionLive(row.session_token_hash, now))) {
    await deps.db.deleteFrom("push_subscriptions").where("id", "=", row.subscription_id).execute();
    return "gone";
  }
  const locale: Locale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : "en";
  const request = webpush.generateRequestDetails(
    { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
    JSON.stringify(wordPush(row.event, locale)),
    {
      vapidDetails: { subject: vapidSubject(deps.config), ...keys },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: "aes128gcm",
    },
  );
  let status: number;
  let retryAfter: string | null = null;
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: "error",
    });
    status = response.status;
    retryAfter = response.headers.get("retry-after");
    await response.body?.cancel();
  } catch (error) {
    deps.log.warn(
      { err: error, subscription: String(row.subscription_id) },
      "push: no answer from the push service",
    );
    status = 0;
  }
  if (status >= 200 && status < 300) {
    await deps.db.deleteFrom("push_outbox").where("id", "=", row.id).execute();
    return "sent";
  }
  if (status === 404 || status === 410) {
    await deps.db.deleteFrom("push_subscriptions").where("id", "=", row.subscription_id).execute();
    return "gone";
  }
  if ((status === 0 || status === 429 || status >= 500) && row.attempts < PUSH_MAX_ATTEMPTS) {
    const next = new Date(now.getTime() + retryDelayMs(row.attempts, retryAfter));
    await deps.db
      .updateTable("push_outbox")
      .set({ next_attempt_at: next })
      .where("id", "=", row.id)
      .execute();
    return "retry";
  }
  deps.log.warn(
    { status, subscription: String(row.subscription_id) },
    "push: the push service refused a notification",
  );
  await deps.db.deleteFrom("push_outbox").where("id", "=", row.id).execute();
  return "dropped";
}
