import type { Generated } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

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

declare module "../platform/schema" {
  interface Database {
    conversations: ConversationsTable;
    chat_messages: ChatMessagesTable;
    canned_replies: CannedRepliesTable;
    support_presence: SupportPresenceTable;
  }
}
