/**
 * Every error code the API returns. Each has a message in every locale
 * (packages/contract/locales/errors/*.json); a test keeps them in step.
 */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "REQUIRED",
  "NOT_FOUND",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
  "INVALID_CREDENTIALS",
  "ACCOUNT_ID_INVALID",
  "ACCOUNT_TAKEN",
  "PHONE_INVALID",
  "PHONE_TAKEN",
  "INVITE_CODE_INVALID",
  "INVITE_CODE_USED_UP",
  "PASSWORD_INVALID",
  "PASSWORDS_DO_NOT_MATCH",
  "PAY_PASSWORD_INVALID",
  "PAY_PASSWORDS_DO_NOT_MATCH",
  "OLD_PASSWORD_WRONG",
  "NEW_PASSWORD_SAME",
  "AMOUNT_INVALID",
  "INSUFFICIENT_BALANCE",
  "IDEMPOTENCY_KEY_REQUIRED",
  "IDEMPOTENCY_KEY_REUSED",
  "DEMO_MODE_ONLY",
  "OPERATOR_ROLE_FORBIDDEN",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}
