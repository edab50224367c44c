/**
 * Errors from the API as the console sees them. Pure (no i18next, no DOM), so it is unit-tested.
 * The server answers errors as `{ "error": { "code", "message" } }`, the message already in the
 * language the console asked for (Accept-Language).
 */

/** Codes the client makes up itself when no answer from the server could be read. */
export const NETWORK_ERROR = "NETWORK_ERROR";
export const TIMEOUT = "TIMEOUT";
export const BAD_RESPONSE = "BAD_RESPONSE";

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** A contract error code (e.g. "INVALID_CREDENTIALS") or one of the client codes above. */
  readonly code: string;
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  readonly status: number;
  /** The server's own message, in the console's language. */
  readonly serverMessage: string | null;
  /** A form's fields at fault, by dotted path ("translations.zh-CN.title"), each with its error code. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(
    code: string,
    status: number,
    serverMessage: string | null = null,
    fields: Readonly<Record<string, string>> = {},
  ) {
    super(serverMessage ?? code);
    this.code = code;
    this.status = status;
    this.serverMessage = serverMessage;
    this.fields = fields;
  }

  /** No answer from the server: offline, DNS, connection reset or the timeout. */
  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR || this.code === TIMEOUT;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Builds the ApiError for a non-2xx answer from its status and (parsed JSON) body, whatever its shape. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string" || error.code === "") {
    const fallback = status === 401 ? "UNAUTHENTICATED" : status >= 500 ? "INTERNAL" : BAD_RESPONSE;
    return new ApiError(fallback, status);
  }
  const message = typeof error.message === "string" && error.message !== "" ? error.message : null;
  const fields = isRecord(error.fields)
    ? Object.fromEntries(
        Object.entries(error.fields).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      )
    : {};
  return new ApiError(error.code, status, message, fields);
}

export interface ErrorTexts {
  networkError: string;
  unknownError: string;
}

/** The message to show an operator for any error thrown by an API call. */
export function describeError(error: unknown, texts: ErrorTexts): string {
  if (!(error instanceof ApiError)) return texts.unknownError;
  if (error.isNetwork) return texts.networkError;
  return error.serverMessage ?? texts.unknownError;
}
