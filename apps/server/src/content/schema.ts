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

declare module "../platform/schema" {
  interface Database {
    content_documents: ContentDocumentsTable;
    content_versions: ContentVersionsTable;
  }
}
