import type { ColumnType, GeneratedAlways } from "kysely";
import type { Timestamp } from "../platform/schema";

export interface PushSubscriptionsTable {
  id: GeneratedAlways<bigint>;
  user_id: bigint;
  /** The session that subscribed: its end ends the subscription. */
  session_token_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
  /** The VAPID public key it was made for. */
  server_key: string;
  created_at: Timestamp;
}

export interface PushOutboxTable {
  id: GeneratedAlways<bigint>;
  subscription_id: bigint;
  event: ColumnType<unknown, string, never>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  created_at: Timestamp;
}

declare module "../platform/schema" {
  interface Database {
    push_subscriptions: PushSubscriptionsTable;
    push_outbox: PushOutboxTable;
  }
}
