import { ERROR_STATUS, type ErrorCode } from "@tickfair/contract";

/**
 * A failure the user can act on: a stable code and, for forms, the fields at fault. Its HTTP status
 * comes from the code (ERROR_STATUS in the contract), never from the place that throws it.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    readonly details?: Record<string, string>,
  ) {
    super(code);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

/** Form errors; when a single field is at fault its own code leads, so the message says what is wrong. */
export function fieldErrors(fields: Record<string, ErrorCode>): AppError {
  const codes = Object.values(fields);
  const lead = codes.length === 1 && codes[0] ? codes[0] : "VALIDATION_FAILED";
  return new AppError(lead, fields);
}
