import type { ErrorCode } from "@tickfair/contract";

/** A failure the user can act on: a stable code, an HTTP status and, for forms, the fields at fault. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly fields?: Record<string, ErrorCode>,
  ) {
    super(code);
    this.name = "AppError";
  }
}

export const badRequest = (code: ErrorCode) => new AppError(code, 400);
/** Form errors; when a single field is at fault its own code leads, so the message says what is wrong. */
export function fieldErrors(fields: Record<string, ErrorCode>): AppError {
  const codes = Object.values(fields);
  const lead = codes.length === 1 && codes[0] ? codes[0] : "VALIDATION_FAILED";
  return new AppError(lead, 400, fields);
}
export const unauthenticated = () => new AppError("UNAUTHENTICATED", 401);
export const invalidCredentials = () => new AppError("INVALID_CREDENTIALS", 401);
export const forbidden = (code: ErrorCode = "FORBIDDEN") => new AppError(code, 403);
export const notFound = () => new AppError("NOT_FOUND", 404);
export const conflict = (code: ErrorCode) => new AppError(code, 409);
