import type { Notice } from "@tickfair/contract";
import type { Executor } from "../platform/db";

declare module "../platform/events" {
  interface DomainEvents {
    /** A personal notice for these users entered their inbox (once committed). */
    "inbox.changed": bigint;
    /** A broadcast entered every inbox (once committed): its id. */
    "broadcast.published": bigint;
  }
}

/**
 * Writes a personal notice into the user's inbox, in the caller's transaction: the notice exists
 * exactly when what it tells of committed. Only the kind and its figures are stored; the app words
 * them in the reader's language. The caller publishes "inbox.changed" for the user after the commit.
 */
export async function recordNotice(tx: Executor, userId: bigint, notice: Notice, now: Date): Promise<void> {
  const { kind, ...params } = notice;
  await tx
    .insertInto("inbox_messages")
    .values({ user_id: userId, kind, params: JSON.stringify(params), created_at: now })
    .execute();
}
