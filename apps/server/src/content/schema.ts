import type { ColumnType } from "kysely";
import type { Id, Timestamp } from "../platform/schema";

export interface ContentDocumentsTable {
  id: Id;
  kind: "about" | "privacy" | "agreement" | "news" | "highlight";
  first_published_at: Date | null;
  created_at: Timestamp;
}

export interface ContentVersionsTable {
  id: Id;
  document_id: bigint;
  version: number;
  translations: ColumnType<unknown, string, never>;
  publish_at: Timestamp;
  published_at: Date | null;
  created_by: bigint | null;
  created_at: Timestamp;
}

export interface ContentNoticesTable {
  id: Id;
  kind: "banner" | "popup";
  version: number;
  translations: ColumnType<unknown, string, string>;
  link: string | null;
  image_id: string | null;
  position: number;
  starts_at: Date;
  ends_at: Date | null;
  updated_by: bigint | null;
  updated_at: Date;
  created_at: Timestamp;
}

export interface ContentNoticesSeenTable {
  user_id: bigint;
  notice_id: bigint;
  version: number;
  seen_at: Date;
}

declare module "../platform/schema" {
  interface Database {
    content_documents: ContentDocumentsTable;
    content_versions: ContentVersionsTable;
    content_notices: ContentNoticesTable;
    content_notices_seen: ContentNoticesSeenTable;
  }
}
