import type { Id, Timestamp } from "../platform/schema";

export interface VerificationsTable {
  id: Id;
  user_id: bigint;
  name: string;
  nationality: string;
  id_number_encrypted: string;
  id_number_index: string;
  id_number_masked: string;
  front_photo_id: string;
  back_photo_id: string;
  state: "under_review" | "verified" | "rejected";
  reject_reason: string | null;
  reject_text: string | null;
  submitted_at: Timestamp;
  reviewed_at: Date | null;
  reviewed_by: bigint | null;
}

declare module "../platform/schema" {
  interface Database {
    verifications: VerificationsTable;
  }
}
