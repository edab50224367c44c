import { randomUUID } from "node:crypto";
import type { PublicImage } from "@tickfair/contract";
import sharp from "sharp";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { UploadLimit } from "../platform/single-upload";
import { FILE_UPLOAD, sniffImageType } from "./service";

/** Banner and pop-up images: read like any other image upload, and refused with the same codes. */
export const PUBLIC_IMAGE_UPLOAD: UploadLimit = FILE_UPLOAD;
/** Sharp on a phone's widest screen at 3× density; a larger image only costs readers bytes. */
const LONG_SIDE = 1600;
/** A decompression bomb (a small file that unpacks into billions of pixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
const PUBLIC_IMAGE_PATH = "/api/v1/images/";

export const publicImageUrl = (id: string) => `${PUBLIC_IMAGE_PATH}${id}`;

/**
 * An image for everyone to see, as it is kept: decoded (JPEG, PNG or WebP, told by its bytes), turned
 * upright, shrunk to fit LONG_SIDE and written anew as WebP without any metadata (no EXIF, no GPS
 * position, no camera, no colour profile beyond sRGB).
 */
async function reEncodePublicImage(data: Buffer) {
  if (data.length > PUBLIC_IMAGE_UPLOAD.maxBytes) throw new AppError(PUBLIC_IMAGE_UPLOAD.tooLarge);
  if (data.length === 0 || !sniffImageType(data)) throw new AppError(PUBLIC_IMAGE_UPLOAD.invalid);
  try {
    return await sharp(data, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Bytes that start like an image but do not decode (truncated, corrupt, too many pixels).
    throw new AppError(PUBLIC_IMAGE_UPLOAD.invalid);
  }
}

/**
 * Keeps an image in the public store (its own table: nothing of the private files or the
 * verification photos is ever served from here). `createdBy`: the operator, or null for the demo seed.
 */
export async function storePublicImage(
  db: Executor,
  input: { data: Buffer; createdBy: bigint | null; at: Date },
): Promise<PublicImage> {
  const { data, info } = await reEncodePublicImage(input.data);
  const id = randomUUID();
  await db
    .insertInto("public_images")
    .values({
      id,
      content_type: "image/webp",
      width: info.width,
      height: info.height,
      size: data.length,
      data,
      created_by: input.createdBy,
      created_at: input.at,
    })
    .execute();
  return { id, url: publicImageUrl(id), width: info.width, height: info.height };
}

/** The public images of `ids` by id, without their bytes: what a page needs to lay them out. */
export async function publicImagesById(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, PublicImage>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("public_images")
    .select(["id", "width", "height"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { ...row, url: publicImageUrl(row.id) }]));
}

export async function readPublicImage(db: Executor, id: string) {
  const row = await db
    .selectFrom("public_images")
    .select(["content_type", "data"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return { contentType: row.content_type, data: Buffer.from(row.data) };
}
