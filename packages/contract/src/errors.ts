/**
 * Every error code the API returns, with the HTTP status it always answers with: the server derives a
 * status from the code, so one code never means two statuses. Each has a message in every locale
 * (packages/contract/locales/errors/*.json); a test keeps them in step.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  REQUIRED: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  /** An upload over its limit, refused whole however it was sent (FILE_ for images, PHOTO_ for ID and chat photos). */
  FILE_TOO_LARGE: 413,
  PHOTO_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_ID_INVALID: 400,
  ACCOUNT_TAKEN: 400,
  PHONE_INVALID: 400,
  PHONE_TAKEN: 400,
  INVITE_CODE_INVALID: 400,
  INVITE_CODE_USED_UP: 400,
  PASSWORD_INVALID: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  PAY_PASSWORD_INVALID: 400,
  PAY_PASSWORDS_DO_NOT_MATCH: 400,
  OLD_PASSWORD_WRONG: 400,
  NEW_PASSWORD_SAME: 400,
  AMOUNT_INVALID: 400,
  INSUFFICIENT_BALANCE: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  DEMO_MODE_ONLY: 403,
  OPERATOR_ROLE_FORBIDDEN: 403,
  AMOUNT_BELOW_MINIMUM: 400,
  AMOUNT_ABOVE_MAXIMUM: 400,
  DEPOSIT_METHOD_UNAVAILABLE: 400,
  REFERENCE_REQUIRED: 400,
  FILE_INVALID: 400,
  WITHDRAWAL_ACCOUNT_REQUIRED: 400,
  WITHDRAWAL_ACCOUNT_LOCKED: 409,
  ACCOUNT_NAME_INVALID: 400,
  NATIONALITY_INVALID: 400,
  BANK_NAME_INVALID: 400,
  CARD_NUMBER_INVALID: 400,
  BANK_ADDRESS_INVALID: 400,
  NETWORK_INVALID: 400,
  CRYPTO_ADDRESS_INVALID: 400,
  PAY_PASSWORD_WRONG: 400,
  WITHDRAWALS_LOCKED: 423,
  AMOUNT_NOT_ABOVE_FEE: 400,
  ALREADY_REVIEWED: 409,
  NOT_UNDER_REVIEW: 409,
  WITHDRAWAL_NOT_APPROVED: 409,
  ALREADY_PAID: 409,
  PAYMENT_REFERENCE_REQUIRED: 400,
  SECOND_APPROVER_REQUIRED: 409,
  REASON_REQUIRED: 400,
  PRODUCT_NOT_FOUND: 404,
  RANGE_INVALID: 400,
  RANGE_TOO_LARGE: 400,
  STAKE_RANGE_INVALID: 400,
  DURATIONS_INVALID: 400,
  FEED_SOURCES_INVALID: 400,
  /** A simulated product opened (or given back to the simulator) while no seed chain commits its prices. */
  FAIRNESS_CHAIN_MISSING: 409,
  REOPENS_AT_INVALID: 400,
  PRODUCT_CLOSED: 409,
  QUOTE_EXPIRED: 409,
  /** A receipt is for a closed contract: an open one's exit and payout are not known yet. */
  CONTRACT_OPEN: 409,
  /** More ticks than one receipt carries (MAX_RECEIPT_TICKS): its epochs verify one by one instead. */
  RECEIPT_TOO_LARGE: 422,
  DURATION_NOT_OFFERED: 400,
  STAKE_OUT_OF_RANGE: 400,
  PASSWORD_LOCKED: 423,
  CHANGE_STALE: 409,
  CHANGE_NEEDS_ANOTHER_ADMIN: 403,
  SECOND_FACTOR_INVALID: 401,
  SIGN_IN_CHALLENGE_EXPIRED: 401,
  OPERATOR_DISABLED: 403,
  OPERATOR_USERNAME_INVALID: 400,
  OPERATOR_USERNAME_TAKEN: 409,
  OPERATOR_SELF_CHANGE: 409,
  SIGN_IN_LOCKED: 423,
  USER_ALREADY_LOCKED: 409,
  USER_NOT_LOCKED: 409,
  SESSION_ALREADY_ENDED: 409,
  RATE_INVALID: 400,
  RATE_DATE_NOT_FUTURE: 400,
  SAVINGS_LIMITS_INVALID: 400,
  SAVINGS_DAILY_LIMIT_REACHED: 409,
  NAME_INVALID: 400,
  ID_NUMBER_INVALID: 400,
  ID_NUMBER_BIRTH_DATE_INVALID: 400,
  ID_NUMBER_CHECK_DIGIT_MISMATCH: 400,
  PHOTO_REQUIRED: 400,
  ID_NUMBER_IN_USE: 409,
  VERIFICATION_IN_PROGRESS: 409,
  PHOTO_INVALID: 400,
  CONTENT_EXISTS: 409,
  BROADCAST_ALREADY_SENT: 409,
  CHAT_RATE_LIMITED: 429,
  CHAT_NOT_RATEABLE: 409,
  LIMIT_VALUE_INVALID: 400,
  DEPOSIT_LIMIT_DAY_REACHED: 400,
  DEPOSIT_LIMIT_7D_REACHED: 400,
  DEPOSIT_LIMIT_30D_REACHED: 400,
  STAKE_LIMIT_DAY_REACHED: 400,
  STAKE_LIMIT_7D_REACHED: 400,
  STAKE_LIMIT_30D_REACHED: 400,
  LOSS_LIMIT_DAY_REACHED: 400,
  LOSS_LIMIT_7D_REACHED: 400,
  LOSS_LIMIT_30D_REACHED: 400,
  OPEN_POSITIONS_LIMIT_REACHED: 400,
  /** The platform's exposure cap (not the user's own limit): the order is fine, the book is full. */
  EXPOSURE_LIMIT_REACHED: 409,
  TAKING_A_BREAK: 403,
  SELF_EXCLUDED: 403,
  BREAK_NOT_LONGER: 409,
  /** Losses in a row reached the user's loss-streak limit: the next order waits for an acknowledgement. */
  LOSS_STREAK_PAUSE: 409,
  LOSS_STREAK_PAUSE_NOT_OVER: 409,
  LOSS_STREAK_NOT_PAUSED: 409,
  PASSWORD_WRONG: 400,
  /** A policy refusal, like TAKING_A_BREAK: the request is well formed, this deployment may not serve it. */
  COUNTRY_RESTRICTED: 403,
  /** The signed-in user opened their account after the latest snapshot's day closed. */
  SOLVENCY_NOT_INCLUDED: 404,
  SOLVENCY_SNAPSHOT_NOT_FOUND: 404,
  /** A reserves attestation is a PDF or an image. */
  ATTESTATION_FILE_INVALID: 400,
  /** The action needs a fresh proof (step-up) granted for it: none came, or it was used, expired or for another action. */
  STEP_UP_REQUIRED: 403,
  /** The user has a passkey: step-up takes the passkey, not the transaction password. */
  STEP_UP_PASSKEY_REQUIRED: 403,
  /** This address cannot use passkeys (plain HTTP, not localhost): the password signs in instead. */
  PASSKEYS_UNAVAILABLE: 400,
  /** The passkey's answer did not check out: wrong site, stale or reused challenge, no user verification, cloned key. */
  PASSKEY_NOT_VERIFIED: 400,
  /** The passkey offered is not one this server knows (removed, or made for another account). */
  PASSKEY_UNKNOWN: 400,
  PASSKEY_NOT_FOUND: 404,
  /** Two-step sign-in is already on: turn it off first to enrol another authenticator. */
  TOTP_ALREADY_ENABLED: 409,
  /** Two-step sign-in is off (disabling it, or new recovery codes). */
  TOTP_NOT_ENABLED: 409,
  /** A confirmation came without an enrolment started (or after it was finished). */
  TOTP_ENROLMENT_NOT_STARTED: 409,
  /** The authenticator's code is not right for this secret now, or was already used. */
  TOTP_CODE_WRONG: 400,
  /** A push subscription's endpoint is not at a push service the deployment allows. */
  PUSH_ENDPOINT_INVALID: 400,
  /** A banner's or pop-up's link must be a page of the phone app, not an address elsewhere. */
  CONTENT_LINK_INVALID: 400,
  /** The practice account is reset only while no practice contract is open: their stakes are still held. */
  PRACTICE_CONTRACTS_OPEN: 409,
  /**
   * An archived file of ticks is missing or does not match the hashes the database keeps for it: those
   * prices are not shown unverified. The server logs it and the ledger check reports it.
   */
  TICK_ARCHIVE_UNREADABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
