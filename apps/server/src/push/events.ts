import type { ContractResult, Locale } from "@tickfair/contract";
import { sql } from "kysely";
import { bigintArray, type Executor } from "../platform/db";

/**
 * What a push tells of: the kind and the figures it is worded with, in the subscription's language,
 * when it is sent (texts.ts). Amounts are wire decimal strings.
 */
export type PushEvent =
  | {
      kind: "contract_settled";
      contractId: string;
      orderNo: string;
      result: ContractResult;
      payout: string;
      /** A practice contract: its payout is virtual units, not money. */
      practice: boolean;
    }
  | { kind: "deposit_confirmed"; orderNo: string; amount: string }
  | { kind: "withdrawal_paid"; orderNo: string; amount: string }
  | { kind: "withdrawal_rejected"; orderNo: string; amount: string }
  | { kind: "chat_reply" }
  | { kind: "broadcast"; broadcastId: string; titles: Partial<Record<Locale, string>> };

/**
 * Puts a push for each of these users' subscriptions into the outbox, in the caller's transaction: it
 * is sent exactly when what it tells of committed, even if this process dies before sending. A user
 * with no subscription gets no row.
 */
export async function enqueuePush(
  tx: Executor,
  items: readonly { userId: bigint; event: PushEvent }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  await sql`
    insert into push_outbox (subscription_id, event, next_attempt_at, created_at)
    select s.id, e.event::jsonb, ${now}::timestamptz, ${now}::timestamptz
    from unnest(${bigintArray(items.map((item) => item.userId))}::bigint[],
      ${items.map((item) => JSON.stringify(item.event))}::text[]) as e (user_id, event)
    join push_subscriptions s on s.user_id = e.user_id
    order by e.user_id, s.id`.execute(tx);
}

/** A push for every subscription there is (a broadcast), in the caller's transaction. */
export async function enqueuePushToEveryone(tx: Executor, event: PushEvent, now: Date): Promise<void> {
  await sql`
    insert into push_outbox (subscription_id, event, next_attempt_at, created_at)
    select id, ${JSON.stringify(event)}::jsonb, ${now}::timestamptz, ${now}::timestamptz
    from push_subscriptions order by id`.execute(tx);
}
