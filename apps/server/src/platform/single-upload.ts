import type { ErrorCode } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

/** What one upload route takes, and the codes it answers with. */
export interface UploadLimit {
  maxBytes: number;
  /** Not multipart, no file, a malformed body. */
  invalid: ErrorCode;
  /** Over `maxBytes`: a 413 code. */
  tooLarge: ErrorCode;
}

/** @fastify/multipart's error for a file over its limit, when it notices while reading. */
const FILE_TOO_LARGE_ERROR = "FST_REQ_FILE_TOO_LARGE";

/**
 * The one file of a multipart upload (field `file`), whole, at most `maxBytes`. Anything else is the
 * client's fault, never a 500. A file over the limit is refused with `tooLarge` however it was sent:
 * the parser stops at the limit and only marks the stream `truncated`, and when the limit falls on a
 * chunk's edge its own check can miss that mark, so the mark and the length are checked here after the
 * last byte; a file cut short must never be kept as if it were the one sent.
 */
export async function readSingleUpload(request: FastifyRequest, limit: UploadLimit): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(limit.invalid);
  const part = await request
    .file({ limits: { fileSize: limit.maxBytes, files: 1 }, throwFileSizeLimit: true })
    .catch(() => {
      throw new AppError(limit.invalid);
    });
  if (!part) throw new AppError(limit.invalid);
  const data = await part.toBuffer().catch((error: unknown) => {
    const tooLarge = (error as { code?: unknown } | null)?.code === FILE_TOO_LARGE_ERROR;
    throw new AppError(tooLarge ? limit.tooLarge : limit.invalid);
  });
  if (part.file.truncated || data.length > limit.maxBytes) throw new AppError(limit.tooLarge);
  return data;
}
