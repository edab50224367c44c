import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type RawBuilder, sql } from "kysely";
import type { Clock } from "./clock";
import type { Db, Tx } from "./db";
import { AppError } from "./errors";
import type { EventPublisher } from "./events";
import type { RetentionRule } from "./retention";

const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

/**
 * How long a key answers a retry (docs/api.md). The app keeps a form's key only while the form is open
 * and retries it after a lost answer; a week is longer than a session may sit idle by default
 * (SESSION_IDLE_DAYS), so a retry from a form left open on a phone is still answered, not run again.
 */
export const IDEMPOTENCY_KEY_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** Keys older than their window: a request sent with one again would be a new request. */
export const idempotencyRetention: RetentionRule = {
  table: "idempotency_keys",
  key: ["user_id", "key"],
  windowMs: IDEMPOTENCY_KEY_WINDOW_MS,
  expired: (cutoff) => sql`t.created_at < ${cutoff}::timestamptz`,
};

export function readIdempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new AppError("IDEMPOTENCY_KEY_REQUIRED");
  if (!KEY_PATTERN.test(key)) throw new AppError("IDEMPOTENCY_KEY_REQUIRED");
  return key;
}

/** What a request is, for telling a retry from a different request under the same key. */
export function requestFingerprint(method: string, route: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${route} ${JSON.stringify(body)}`)
    .digest("hex");
}

export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * Runs `work` once per (user, key) in one transaction with the key's row. A concurrent request with
 * the same key waits on that row and then replays the stored answer; a key reused for a different
 * request is refused. A failed attempt stores nothing (its transaction rolls back), so it can be retried.
 * `lockFirst` takes the locks a batch path takes before it claims keys, in the same order, so the two
 * paths never wait on each other in a circle.
 */
export async function runIdempotent<T>(
  db: Db,
  scope: { userId: bigint; key: string; fingerprint: string; at: Date },
  work: (tx: Tx) => Promise<{ status: number; body: T }>,
  lockFirst?: (tx: Tx) => Promise<unknown>,
): Promise<IdempotentResult<T>> {
  return db.transaction().execute(async (tx) => {
    await lockFirst?.(tx);
    const claimed = await tx
      .insertInto("idempotency_keys")
      .values({
        user_id: scope.userId,
        key: scope.key,
        request_hash: scope.fingerprint,
        status_code: null,
        response: null,
        created_at: scope.at,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("key")
      .executeTakeFirst();

    if (!claimed) {
      const first = await tx
        .selectFrom("idempotency_keys")
        .select(["request_hash", "status_code", "response"])
        .where("user_id", "=", scope.userId)
        .where("key", "=", scope.key)
        .executeTakeFirstOrThrow();
      if (first.request_hash !== scope.fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED");
      return { status: first.status_code ?? 200, body: first.response as T, replayed: true };
    }

    const result = await work(tx);
    await tx
      .updateTable("idempotency_keys")
      .set({ status_code: result.status, response: JSON.stringify(result.body) })
      .where("user_id", "=", scope.userId)
      .where("key", "=", scope.key)
      .execute();
    return { ...result, replayed: false };
  });
}

/**
 * A CTE for a batch statement that answers many requests at once (placing orders, in one round trip):
 * named `as`, it claims the Idempotency-Keys of the rows of the CTE `rows` (columns `user_id`, `key`,
 * `request_hash`) in key order, each already holding its answer — `statusCode` and `response`, an
 * expression over those rows' columns — and holds (user_id, key, response) of the keys it claimed. A key
 * already claimed is left out, for the request to go through runIdempotent, which claims in the same
 * order (the two never deadlock) and replays or refuses as it does. The status code is a literal, so the
 * statement's text is the same for every batch and can be prepared once.
 */
export function claimAnsweredKeys(claim: {
  rows: string;
  as: string;
  statusCode: number;
  response: RawBuilder<unknown>;
  at: Date;
}): RawBuilder<unknown> {
  return sql`${sql.id(claim.as)} as (
        insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
        select user_id, key, request_hash, ${sql.lit(claim.statusCode)}, ${claim.response}, ${claim.at}::timestamptz
        from ${sql.id(claim.rows)}
        order by user_id, key
        on conflict do nothing
        returning user_id, key, response
      )`;
}

/** A money-moving request's Idempotency-Key, and the fingerprint that tells a retry from another request. */
export function idempotencyOf(request: FastifyRequest): { key: string; fingerprint: string } {
  const key = readIdempotencyKey(request.headers["idempotency-key"]);
  const fingerprint = requestFingerprint(request.method, request.routeOptions.url ?? request.url, {
    params: request.params,
    body: request.body,
  });
  return { key, fingerprint };
}

type Events = { events: EventPublisher };

/** Answers a money-moving request: a replay says so; a first answer tells the user's open app. */
export function answerMoneyMove<T>(
  deps: Events,
  reply: FastifyReply,
  userId: bigint,
  result: IdempotentResult<T>,
): T {
  if (result.replayed) reply.header("idempotent-replayed", "true");
  else void deps.events.publish("account.updated", [userId]);
  reply.status(result.status);
  return result.body;
}

/**
 * A money-moving request: runs `work` once per Idempotency-Key in one transaction (a retry replays the
 * first answer with `idempotent-replayed: true`), then tells the user's open app its figures changed.
 */
export async function moveMoney<T>(
  deps: { db: Db; clock: Clock } & Events,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: bigint,
  status: number,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { key, fingerprint } = idempotencyOf(request);
  const result = await runIdempotent(
    deps.db,
    { userId, key, fingerprint, at: deps.clock.now() },
    async (tx) => ({
      status,
      body: await work(tx),
    }),
  );
  return answerMoneyMove(deps, reply, userId, result);
}
