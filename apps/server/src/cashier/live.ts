import { CASHIER_STATUSES, type CashierStatus } from "@tickfair/contract";
import type { EventPublisher } from "../platform/events";
import { type OperatorEventRenderer, perUserMessage, type UserEventRenderer } from "../platform/realtime";

/** What changed in a review queue: which record, and where it stands now. No personal data. */
export interface ReviewQueueChange {
  queue: "deposits" | "withdrawals";
  id: bigint;
  status: CashierStatus;
  /** A large deposit one operator confirmed: it waits, still under review, for a second one. */
  awaitingSecondApproval: boolean;
}

declare module "../platform/events" {
  interface DomainEvents {
    /**
     * A deposit was submitted, confirmed by a first of two operators, confirmed or rejected; a
     * withdrawal was requested, cancelled, approved or rejected (the cashier raises it, once committed).
     */
    "reviewQueue.changed": ReviewQueueChange;
    /** A withdrawal of this user was picked up or paid (once committed); nothing else changed. */
    "withdrawal.updated": bigint;
  }
}

/** Who reviews each queue (the permission table's names, operators/permissions.ts). */
const REVIEWERS = { deposits: "deposits.review", withdrawals: "withdrawals.review" } as const;

/** "reviewQueue.changed" as the consoles of the operators who review that queue hear it. */
export const reviewQueueUpdates: OperatorEventRenderer<ReviewQueueChange> = {
  // "queue:id:status:awaiting", e.g. "deposits:42:under_review:1".
  encode: (ref) => `${ref.queue}:${ref.id}:${ref.status}:${ref.awaitingSecondApproval ? 1 : 0}`,
  decode: (wire) => {
    const [queue, id = "", status, awaiting] = wire.split(":");
    if (queue !== "deposits" && queue !== "withdrawals") throw new Error(`review queue: ${wire}`);
    const known = CASHIER_STATUSES.find((candidate) => candidate === status);
    if (!known) throw new Error(`review queue status: ${wire}`);
    return { queue, id: BigInt(id), status: known, awaitingSecondApproval: awaiting === "1" };
  },
  permissionOf: (ref) => REVIEWERS[ref.queue],
  render: (ref) => ({
    type: "queue.changed",
    queue: ref.queue,
    id: ref.id.toString(),
    status: ref.status,
    awaitingSecondApproval: ref.awaitingSecondApproval,
  }),
};

/**
 * Tells the reviewing operators' consoles, after the change committed. Not awaited by the request:
 * the transport logs its own failures, and a console reloads its lists when it reconnects.
 */
export function announceReviewChange(events: EventPublisher, change: ReviewQueueChange): void {
  void events.publish("reviewQueue.changed", [change]);
}

/** "withdrawal.updated" as the user's open apps hear it: the timeline is theirs to fetch. */
export const withdrawalUpdates: UserEventRenderer<bigint> = perUserMessage(async () => ({
  type: "withdrawal.updated",
}));
