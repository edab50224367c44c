import { randomUUID } from "node:crypto";
import type { ErrorCode } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import { sniffImageType } from "./service";

/** The kinds of public document, told apart by their first bytes, with the extension their name takes. */
const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

function sniffDocumentType(data: Buffer): string | null {
  if (data.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  return sniffImageType(data);
}

export interface PublicDocument {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

/**
 * Keeps a document anyone may download (a reserves attestation), named `<baseName>.<extension of its
 * kind>`: the name is the server's, never the uploader's, so it is safe in a download header.
 * `invalid`: the code a file of another kind is refused with.
 */
export async function storePublicDocument(
  db: Executor,
  input: { data: Buffer; baseName: string; at: Date; invalid: ErrorCode },
): Promise<PublicDocument> {
  const contentType = input.data.length > 0 ? sniffDocumentType(input.data) : null;
  if (!contentType) throw new AppError(input.invalid);
  const document = {
    id: randomUUID(),
    name: `${input.baseName}.${EXTENSIONS[contentType]}`,
    contentType,
    size: input.data.length,
  };
  await db
    .insertInto("public_documents")
    .values({
      id: document.id,
      name: document.name,
      content_type: contentType,
      size: document.size,
      data: input.data,
      created_at: input.at,
    })
    .execute();
  return document;
}

export async function readPublicDocument(db: Executor, id: string) {
  const row = await db
    .selectFrom("public_documents")
    .select(["name", "content_type", "data"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return { name: row.name, contentType: row.content_type, data: Buffer.from(row.data) };
}
