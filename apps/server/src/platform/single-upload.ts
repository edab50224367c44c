import type { ErrorCode } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

/**
 * The one file of a multipart upload (field `file`), at most `maxBytes`. Anything else — not
 * multipart, no file, a malformed body, too large — is the client's fault, answered with `invalid`,
 * never a 500.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  maxBytes: number,
  invalid: ErrorCode,
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(invalid);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(() => {
    throw new AppError(invalid);
  });
  if (!part) throw new AppError(invalid);
  return part.toBuffer().catch(() => {
    throw new AppError(invalid);
  });
}
