import { ApiError, apiErrorFromResponse, NETWORK_ERROR, TIMEOUT } from "./api-error";

/** The specification's request timeout: a request still unanswered after a minute has timed out. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON; a FormData (a file to publish) as multipart, its boundary set by fetch. */
  body?: unknown;
  /** Sends the session token; a 401 then ends the session. */
  auth?: boolean;
  /** For calls whose 401 must not end the session (logging out). */
  ignoreUnauthorized?: boolean;
  /** Headers of this call's own: an Idempotency-Key where money moves, Accept for a CSV export. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What each app decides for itself: where its API is, where its token is, what a 401 does. */
export interface ApiClientConfig {
  /** Put before every path: "/api", "/api/v1". */
  prefix: string;
  /** The session's token now, or null when signed out. */
  token(): string | null;
  /** The app's language, sent as Accept-Language: the server's messages follow it. */
  language(): string | undefined;
  /** A 401 to a call made with `token`: the app ends that session (and only that one). */
  onUnauthorized(token: string): void;
  /**
   * Whether a call reached the server: true for any answer, false for none (no network, the timeout).
   * The caller's own abort tells nothing and is not reported.
   */
  onReach?(reached: boolean): void;
}

/** A fresh Idempotency-Key; crypto.randomUUID needs a secure context, so plain-HTTP hosts get a fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The body as JSON, as text when it is not JSON, undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Headers every call sends: JSON, the app's language, and `token` when there is one. */
export function requestHeaders(config: ApiClientConfig, token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const language = config.language();
  if (language) headers["Accept-Language"] = language;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Calls the API with JSON (or a form), the timeout and (when `auth`) the token; `read` reads a successful answer.
 * Throws ApiError for an error answer, no answer or a timeout, and the caller's own abort untouched.
 */
export async function apiCall<T>(
  config: ApiClientConfig,
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { body, signal: outer } = options;
  const token = options.auth ? config.token() : null;
  const headers = requestHeaders(config, token);
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers["Content-Type"] = "application/json";
  Object.assign(headers, options.headers);

  // A timer and the caller's signal abort one controller (AbortSignal.any is too new for some phones).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMEOUT), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  else outer?.addEventListener("abort", forwardAbort);
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(config.prefix + path, {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      // JSON.stringify(undefined) is undefined: no body. Credentials are fetch's default, same-origin.
      body: form ? body : JSON.stringify(body),
      signal: controller.signal,
    });
    config.onReach?.(true);
    answer = await (response.ok ? read : readBody)(response);
  } catch (error) {
    if (controller.signal.reason === TIMEOUT) {
      config.onReach?.(false);
      throw new ApiError(TIMEOUT, 0);
    }
    // Cancelled by the caller (e.g. TanStack Query): pass the abort on untouched.
    if (outer?.aborted) throw error;
    config.onReach?.(false);
    throw new ApiError(NETWORK_ERROR, 0);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", forwardAbort);
  }
  if (response.ok) return answer as T;
  if (response.status === 401 && token && !options.ignoreUnauthorized) config.onUnauthorized(token);
  throw apiErrorFromResponse(response.status, answer);
}
