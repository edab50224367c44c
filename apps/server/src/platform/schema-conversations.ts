import type { ColumnType, Generated } from "kysely";

// The tables of system messages and customer service (migrations 0021, 0022, 0027), beside schema.ts.

type Timestamp = ColumnType<Date, Date | string | undefined, never>;
type Id = Generated<bigint>;

export interface BroadcastsTable {
  id: Id;
  translations: ColumnType<unknown, string, never>;
  publish_at: Timestamp;
  created_by: bigint;
  created_at: Timestamp;
  cancelled_at: Date | null;
  cancelled_by: bigint | null;
  published_at: Date | null;
}

export interface InboxMessagesTable {
  id: Id;
  user_id: bigint | null;
  kind: string;
  broadcast_id: bigint | null;
  params: ColumnType<unknown, string | undefined, never>;
  created_at: Timestamp;
}

export interface InboxesTable {
  user_id: bigint;
  read_through: bigint;
}

export interface InboxReadsTable {
  user_id: bigint;
  message_id: bigint;
  read_at: Date;
}

export interface ConversationsTable {
  id: Id;
  user_id: bigint;
  state: Generated<"open" | "resolved">;
  assignee_id: bigint | null;
  last_seq: Generated<bigint>;
  waiting_since: Date | null;
  last_message_at: Date | null;
  user_read_seq: Generated<bigint>;
  support_read_seq: Generated<bigint>;
  resolved_at: Date | null;
  rating: number | null;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Id;
  conversation_id: bigint;
  seq: bigint;
  author: "user" | "operator" | "note";
  operator_id: bigint | null;
  body: string;
  photo_id: string | null;
  client_key: string | null;
  created_at: Timestamp;
}

export interface CannedRepliesTable {
  id: Id;
  locale: string;
  title: string;
  body: string;
  created_by: bigint;
  created_at: Timestamp;
  deleted_at: Date | null;
}

export interface SupportPresenceTable {
  operator_id: bigint;
  seen_at: Date;
}
