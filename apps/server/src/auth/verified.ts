import type { Executor } from "../platform/db";

/** The verified badge: set when a reviewer accepts the user's real-name verification. */
export async function markUserVerified(db: Executor, userId: bigint): Promise<void> {
  await db.updateTable("users").set({ verified: true }).where("id", "=", userId).execute();
}
