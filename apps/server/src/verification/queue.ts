import type { VerificationState } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import type { OperatorEventRenderer } from "../platform/realtime";

/** A submission entered the review queue (`under_review`) or left it (`verified`, `rejected`). */
export interface VerificationQueueChange {
  id: bigint;
  state: VerificationState;
}

declare module "../platform/events" {
  interface DomainEvents {
    /** A user submitted a verification, or a reviewer decided one (once committed). */
    "verificationQueue.changed": VerificationQueueChange;
  }
}

const STATES: readonly VerificationState[] = ["under_review", "verified", "rejected"];

/** "verificationQueue.changed" as the consoles of the operators who review verifications hear it. */
export const verificationQueueUpdates: OperatorEventRenderer<VerificationQueueChange> = {
  // "id:state", e.g. "42:under_review".
  encode: (change) => `${change.id}:${change.state}`,
  decode: (wire) => {
    const [id = "", state] = wire.split(":");
    const known = STATES.find((candidate) => candidate === state);
    if (!known || !/^\d+$/.test(id)) throw new Error(`verification queue: ${wire}`);
    return { id: BigInt(id), state: known };
  },
  permissionOf: () => "verifications.review",
  render: (change) => ({
    type: "queue.changed",
    queue: "verifications",
    id: change.id.toString(),
    status: change.state,
    awaitingSecondApproval: false,
  }),
};

/**
 * How many submissions wait for review and since when the oldest has, for the dashboard: a count
 * and a first row over the verifications_state index (state, id).
 */
export function verificationQueueQuery() {
  return sql<{ waiting: number; oldest: Date | null }>`
    select
      (select count(*)::int from verifications where state = 'under_review') as waiting,
      (select submitted_at from verifications where state = 'under_review' order by id limit 1) as oldest`;
}

export async function verificationQueue(db: Executor): Promise<{ waiting: number; oldestAt: Date | null }> {
  const { rows } = await verificationQueueQuery().execute(db);
  return { waiting: rows[0]?.waiting ?? 0, oldestAt: rows[0]?.oldest ?? null };
}
