/**
 * Errors from the API, as both apps see them. Pure: no i18next, no DOM, so it is unit-tested.
 * The server answers errors as `{ "error": { "code", "message", "fields"?, "details"? } }` (the contract's
 * errorBody), the message already in the language the app asked for (Accept-Language).
 */

/** Codes the client makes up itself when no answer from the server could be read. */
export const NETWORK_ERROR = "NETWORK_ERROR";
export const TIMEOUT = "TIMEOUT";
export const BAD_RESPONSE = "BAD_RESPONSE";

export class ApiError extends Error {
  // Declared, not defined: the constructor sets them, and the bundle carries no field list.
  override readonly name = "ApiError";
  /** A contract error code (e.g. "INVALID_CREDENTIALS") or one of the client codes above. */
  declare readonly code: string;
  /** HTTP status; 0 when no answer arrived (network failure, timeout). */
  declare readonly status: number;
  /** The server's own message, in the app's language: shown when the app has no translation of the code. */
  declare readonly serverMessage: string | null;
  /** A form's fields at fault, by (dotted) name ("phone", "translations.zh-CN.title"), each with its code. */
  declare readonly fields: Readonly<Record<string, string>>;
  /** What a few codes carry (LOSS_STREAK_PAUSE, EXPOSURE_LIMIT_REACHED); unchecked: the code's reader checks their shape. */
  declare readonly details: Readonly<Record<string, unknown>> | null;

  constructor(
    code: string,
    status: number,
    serverMessage: string | null = null,
    fields: Readonly<Record<string, string>> = {},
    details: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(serverMessage ?? code);
    this.code = code;
    this.status = status;
    this.serverMessage = serverMessage;
    this.fields = fields;
    this.details = details;
  }

  /** No answer from the server: offline, DNS, connection reset or the timeout. */
  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR || this.code === TIMEOUT;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The string values of an object of the body (fields, details); anything else is left out. */
function texts(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(value)) {
    for (const [name, text] of Object.entries(value)) {
      if (typeof text === "string") out[name] = text;
    }
  }
  return out;
}

/** Builds the ApiError for a non-2xx answer from its status and (parsed JSON) body, whatever its shape. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const error = isRecord(body) ? body.error : undefined;
  if (!isRecord(error) || typeof error.code !== "string" || error.code === "") {
    const fallback = status === 401 ? "UNAUTHENTICATED" : status >= 500 ? "INTERNAL" : BAD_RESPONSE;
    return new ApiError(fallback, status);
  }
  const serverMessage = typeof error.message === "string" && error.message !== "" ? error.message : null;
  const details = isRecord(error.details) ? error.details : null;
  return new ApiError(error.code, status, serverMessage, texts(error.fields), details);
}

export interface ErrorTexts {
  /**
   * The app's own translation of an error code, or undefined when it has none. Without it (the
   * console) the server's message, already in the asked-for language, is shown.
   */
  lookup?: (code: string) => string | undefined;
  networkError: string;
  unknownError: string;
}

/** The message to show a person for any error thrown by an API call. */
export function describeError(error: unknown, texts: ErrorTexts): string {
  if (!(error instanceof ApiError)) return texts.unknownError;
  if (error.isNetwork) return texts.networkError;
  return texts.lookup?.(error.code) ?? error.serverMessage ?? texts.unknownError;
}

/** Translated messages per form field; fields whose code has no translation get the generic message. */
export function describeFields(error: unknown, texts: ErrorTexts): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [field, code] of Object.entries(error.fields)) {
    out[field] = texts.lookup?.(code) ?? texts.unknownError;
  }
  return out;
}
