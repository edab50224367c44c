import type { Timestamp } from "../platform/schema";

export interface FilesTable {
  id: string;
  owner_user_id: bigint;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: Timestamp;
}

export interface PublicDocumentsTable {
  id: string;
  name: string;
  content_type: string;
  size: number;
  data: Buffer;
  created_at: Timestamp;
}

export interface PublicImagesTable {
  id: string;
  content_type: "image/webp";
  width: number;
  height: number;
  size: number;
  data: Buffer;
  created_by: bigint | null;
  created_at: Timestamp;
}

export interface VerificationPhotosTable {
  id: string;
  user_id: bigint;
  blob_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  size: number;
  created_at: Timestamp;
}

export interface PhotoViewTicketsTable {
  ticket_hash: string;
  photo_id: string;
  variant: "full" | "thumbnail";
  realm: "user" | "operator";
  session_token_hash: string;
  expires_at: Date;
}

declare module "../platform/schema" {
  interface Database {
    files: FilesTable;
    public_documents: PublicDocumentsTable;
    public_images: PublicImagesTable;
    verification_photos: VerificationPhotosTable;
    photo_view_tickets: PhotoViewTicketsTable;
  }
}
