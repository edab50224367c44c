import { randomUUID } from "node:crypto";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { UploadLimit } from "../platform/single-upload";

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Payment proofs and other private images: how their upload is read. */
export const FILE_UPLOAD: UploadLimit = {
  maxBytes: MAX_FILE_BYTES,
  invalid: "FILE_INVALID",
  tooLarge: "FILE_TOO_LARGE",
};

/** Image types we accept, told apart by their first bytes rather than by what the client claims. */
const SIGNATURES: { type: string; matches: (b: Buffer) => boolean }[] = [
  { type: "image/jpeg", matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: "image/webp",
    matches: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

export function sniffImageType(data: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(data))?.type ?? null;
}

/**
 * Private files (payment proofs, later ID photos) live in the database: every node sees them, backups
 * include them, and they are only ever served to their owner or an operator, never from a public URL.
 */
export async function storePrivateImage(db: Executor, ownerUserId: bigint, data: Buffer, at: Date) {
  if (data.length > MAX_FILE_BYTES) throw new AppError("FILE_TOO_LARGE");
  if (data.length === 0) throw new AppError("FILE_INVALID");
  const contentType = sniffImageType(data);
  if (!contentType) throw new AppError("FILE_INVALID");
  const id = randomUUID();
  await db
    .insertInto("files")
    .values({
      id,
      owner_user_id: ownerUserId,
      content_type: contentType,
      size: data.length,
      data,
      created_at: at,
    })
    .execute();
  return { fileId: id, contentType, size: data.length };
}

export async function assertOwnFile(db: Executor, ownerUserId: bigint, fileId: string): Promise<void> {
  const row = await db
    .selectFrom("files")
    .select("id")
    .where("id", "=", fileId)
    .where("owner_user_id", "=", ownerUserId)
    .executeTakeFirst();
  if (!row) throw new AppError("FILE_INVALID");
}

export async function readFile(db: Executor, fileId: string) {
  const row = await db
    .selectFrom("files")
    .select(["content_type", "data"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
