import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

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

declare module "../platform/schema" {
  interface Database {
    broadcasts: BroadcastsTable;
    inbox_messages: InboxMessagesTable;
    inboxes: InboxesTable;
    inbox_reads: InboxReadsTable;
  }
}
