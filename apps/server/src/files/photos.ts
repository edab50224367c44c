import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { BlobStore } from "../platform/blob-store";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { UploadLimit } from "../platform/single-upload";
import { sniffImageType } from "./service";

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** ID and chat photos: how their upload is read. */
export const PHOTO_UPLOAD: UploadLimit = {
  maxBytes: MAX_PHOTO_BYTES,
  invalid: "PHOTO_INVALID",
  tooLarge: "PHOTO_TOO_LARGE",
};
/** Large enough to read every line of a document; a phone's 12-megapixel photo is cut to this. */
const LONG_SIDE = 2400;
const THUMBNAIL_SIDE = 480;
/** A decompression bomb (a small file that unpacks into billions of pixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ReEncodedPhoto {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * An ID photo as it is kept: decoded (JPEG, PNG or WebP, told by its bytes), turned upright by its
 * EXIF orientation, shrunk to fit LONG_SIDE, and written anew as JPEG without any metadata — no EXIF,
 * no GPS position, no camera — with a thumbnail for reviewers' lists.
 */
export async function reEncodePhoto(data: Buffer): Promise<ReEncodedPhoto> {
  if (data.length > MAX_PHOTO_BYTES) throw new AppError("PHOTO_TOO_LARGE");
  if (data.length === 0 || !sniffImageType(data)) throw new AppError("PHOTO_INVALID");
  try {
    const upright = sharp(data, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const { data: photo, info } = await upright
      .clone()
      .resize({ width: LONG_SIDE, height: LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await upright
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { photo, thumbnail, width: info.width, height: info.height };
  } catch {
    // Bytes that start like an image but do not decode (truncated, corrupt, too many pixels).
    throw new AppError("PHOTO_INVALID");
  }
}

/** Re-encodes and keeps an ID photo of the user: the blobs first, then the row that names them. */
export async function storePrivatePhoto(
  db: Executor,
  blobs: BlobStore,
  userId: bigint,
  data: Buffer,
  at: Date,
): Promise<{ photoId: string; width: number; height: number }> {
  const encoded = await reEncodePhoto(data);
  const id = randomUUID();
  const blobKey = `verification/${id}`;
  const thumbnailKey = `verification/${id}-thumbnail`;
  await blobs.put(blobKey, encoded.photo);
  await blobs.put(thumbnailKey, encoded.thumbnail);
  await db
    .insertInto("verification_photos")
    .values({
      id,
      user_id: userId,
      blob_key: blobKey,
      thumbnail_key: thumbnailKey,
      width: encoded.width,
      height: encoded.height,
      size: encoded.photo.length,
      created_at: at,
    })
    .execute();
  return { photoId: id, width: encoded.width, height: encoded.height };
}
