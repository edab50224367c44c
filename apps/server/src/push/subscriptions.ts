import type { Locale, PushSubscription, PushSubscriptionInput } from "@tickfair/contract";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { isPushServiceEndpoint, type PushServicePattern } from "../platform/push-services";

/**
 * Keeps a browser's subscription for the signed-in user and session. The endpoint is the browser's:
 * whoever held it before (another user on the same phone) loses it, with anything still queued for
 * them, so no one's notification ever reaches a phone signed in to someone else.
 */
export async function addSubscription(
  db: Db,
  owner: { userId: bigint; sessionTokenHash: string },
  input: PushSubscriptionInput,
  serverKey: string,
  services: readonly PushServicePattern[],
  now: Date,
): Promise<PushSubscription> {
  if (!isPushServiceEndpoint(services, input.endpoint))
    throw new AppError("PUSH_ENDPOINT_INVALID", { endpoint: "PUSH_ENDPOINT_INVALID" });
  const row = await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("push_subscriptions").where("endpoint", "=", input.endpoint).execute();
    return tx
      .insertInto("push_subscriptions")
      .values({
        user_id: owner.userId,
        session_token_hash: owner.sessionTokenHash,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        locale: input.locale,
        server_key: serverKey,
        created_at: now,
      })
      .returning(["id", "endpoint", "locale", "created_at"])
      .executeTakeFirstOrThrow();
  });
  return toSubscription(row, true);
}

export async function listSubscriptions(
  db: Executor,
  userId: bigint,
  sessionTokenHash: string,
): Promise<PushSubscription[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "locale", "created_at", "session_token_hash"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => toSubscription(row, row.session_token_hash === sessionTokenHash));
}

/** Ends one of the user's subscriptions (the app turning notifications off, or signing out). */
export async function removeSubscription(db: Executor, userId: bigint, id: bigint): Promise<void> {
  const removed = await db
    .deleteFrom("push_subscriptions")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new AppError("NOT_FOUND");
}

/** Ends the subscriptions these sessions made: a session that ended pushes to no one. */
export async function forgetSessionSubscriptions(
  db: Executor,
  sessionTokenHashes: readonly string[],
): Promise<void> {
  if (sessionTokenHashes.length === 0) return;
  await db.deleteFrom("push_subscriptions").where("session_token_hash", "in", sessionTokenHashes).execute();
}

const toSubscription = (
  row: { id: bigint; endpoint: string; locale: string; created_at: Date },
  current: boolean,
): PushSubscription => ({
  id: String(row.id),
  endpoint: row.endpoint,
  locale: row.locale as Locale,
  current,
  createdAt: row.created_at.toISOString(),
});
