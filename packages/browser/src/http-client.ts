import { ApiError, apiErrorFromResponse, NETWORK_ERROR, TIMEOUT } from "./api-error";

/** The specification's request timeout: a request still unanswered after a minute has timed out. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Sends the session token; a 401 then ends the session (the app's default says whether it is sent). */
  auth?: boolean;
  /** For calls whose 401 must not end the session (logging out). */
  ignoreUnauthorized?: boolean;
  /** Calls that move money send one (see newIdempotencyKey). */
  idempotencyKey?: string;
  /** What the answer should be, when not JSON (a CSV export). */
  accept?: string;
  signal?: AbortSignal;
}

/** What each app decides for itself: where its API is, where its token is, what a 401 does. */
export interface ApiClientConfig {
  /** Put before every path: "/api", "/api/v1". */
  prefix: string;
  /** Whether a call sends the token unless it says otherwise. */
  authByDefault: boolean;
  /** The session's token now, or null when signed out. */
  token(): string | null;
  /** The app's language, sent as Accept-Language: the server's messages follow it. */
  language(): string | undefined;
  /** A 401 to a call made with `token`: the app ends that session (and only that one). */
  onUnauthorized(token: string): void;
  timeoutMs?: number;
}

export interface ApiClient {
  /** Calls the API with JSON, the timeout and (when `auth`) the token; answers the parsed body. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A file the API serves only to a signed-in session (a payment proof), fetched with the token. */
  blob(path: string, options?: RequestOptions): Promise<Blob>;
  /** A call whose successful answer `read` reads (a download's body and its file name). */
  call<T>(path: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T>;
  /** Headers every call sends: JSON, the active language, and `token` when there is one. */
  headers(token: string | null): Record<string, string>;
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

export function createApiClient(config: ApiClientConfig): ApiClient {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const headers = (token: string | null): Record<string, string> => {
    const out: Record<string, string> = { Accept: "application/json" };
    const language = config.language();
    if (language) out["Accept-Language"] = language;
    if (token) out.Authorization = `Bearer ${token}`;
    return out;
  };

  async function send<T>(path: string, options: RequestOptions, read: (r: Response) => Promise<T>) {
    const { method = options.body === undefined ? "GET" : "POST", body } = options;
    const token = (options.auth ?? config.authByDefault) ? config.token() : null;
    const sent = headers(token);
    if (body !== undefined) sent["Content-Type"] = "application/json";
    if (options.idempotencyKey) sent["Idempotency-Key"] = options.idempotencyKey;
    if (options.accept) sent.Accept = options.accept;

    // A timer and the caller's signal abort one controller (AbortSignal.any is too new for some phones).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const outer = options.signal;
    const forwardAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) controller.abort(outer.reason);
    else outer?.addEventListener("abort", forwardAbort, { once: true });

    let response: Response;
    let payload: T | undefined;
    let failure: unknown;
    try {
      response = await fetch(config.prefix + path, {
        method,
        headers: sent,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: "same-origin",
      });
      if (response.ok) payload = await read(response);
      else failure = await readBody(response);
    } catch (error) {
      if (timedOut) throw new ApiError(TIMEOUT, 0);
      // Cancelled by the caller (e.g. TanStack Query): pass the abort on untouched.
      if (outer?.aborted) throw error;
      throw new ApiError(NETWORK_ERROR, 0);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener("abort", forwardAbort);
    }

    if (!response.ok) {
      const error = apiErrorFromResponse(response.status, failure);
      if (response.status === 401 && token && !options.ignoreUnauthorized) config.onUnauthorized(token);
      throw error;
    }
    return payload as T;
  }

  return {
    request: <T>(path: string, options: RequestOptions = {}) =>
      send(path, options, (response) => readBody(response) as Promise<T>),
    blob: (path, options = {}) => send(path, options, (response) => response.blob()),
    call: send,
    headers,
  };
}
