import i18next from "i18next";
import { useSession } from "../store/session";
import { ApiError, apiErrorFromResponse, NETWORK_ERROR, TIMEOUT } from "./errors";

export const API_PREFIX = "/api";
/** The specification's request timeout. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Sends the session token; a 401 then ends the session and sends the visitor to log in. */
  auth?: boolean;
  /** For auth calls whose 401 must not redirect (logout). */
  ignoreUnauthorized?: boolean;
  /** Calls that move money send one (see newIdempotencyKey). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

let unauthorizedHandler: (() => void) | null = null;

/** What to do after a 401 from an authenticated call (the router sends the visitor to log in). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

let sessionEndedHandler: (() => void) | null = null;

/** What to do after the server ended the session on the socket (the router re-checks the page). */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  sessionEndedHandler = handler;
}

/** A fresh Idempotency-Key; crypto.randomUUID needs a secure context, so plain-HTTP hosts get a fallback. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Calls the API (`/api` + path) with JSON, a 60 s timeout and the session token; throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? "GET" : "POST", body, auth = false } = options;
  const token = auth ? useSession.getState().token : null;
  const headers = baseHeaders(token);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) controller.abort(outer.reason);
  else outer?.addEventListener("abort", forwardAbort, { once: true });

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(API_PREFIX + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: "same-origin",
    });
    payload = await readBody(response);
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
    const error = apiErrorFromResponse(response.status, payload);
    if (response.status === 401 && auth && token && !options.ignoreUnauthorized) sessionRefused(token);
    throw error;
  }
  return payload as T;
}

/**
 * A 401 to a call made with `token`: ends that session and sends the visitor to log in. Only the
 * session the request was made with ends (a newer login must survive a late 401).
 */
export function sessionRefused(token: string): void {
  if (useSession.getState().token !== token) return;
  useSession.getState().clearSession();
  unauthorizedHandler?.();
}

/**
 * The server ended the session `token` and closed the socket saying so (logout or "clear cache" on
 * another tab, a password change on another device, expiry, an operator's revoke): forgotten here as
 * after a 401, but only a page that needs a session sends the visitor to log in.
 */
export function sessionEnded(token: string): void {
  if (useSession.getState().token !== token) return;
  useSession.getState().clearSession();
  sessionEndedHandler?.();
}

/** Headers every call sends: JSON, the active language, and the session token when `auth`. */
export function baseHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (i18next.language) headers["Accept-Language"] = i18next.language;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
