import i18next from "i18next";
import { useSession } from "../store/session";
import { ApiError, apiErrorFromResponse, NETWORK_ERROR, TIMEOUT } from "./errors";

const API_PREFIX = "/api/v1";
/** As the H5 app: a request still unanswered after a minute is reported as timed out. */
const REQUEST_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Sends the operator's token (the default); a 401 then ends the session. */
  auth?: boolean;
  signal?: AbortSignal;
}

let sessionExpiredHandler: (() => void) | null = null;

/** What to do after a 401 to a signed-in call (the router sends the operator to sign in). */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  sessionExpiredHandler = handler;
}

/**
 * The server ended the session of `token` (idle timeout, sign-out everywhere, a disabled operator):
 * a 401 to a call made with it, or its live socket closed as ended. Only that session ends: a newer
 * sign-in survives a late 401.
 */
export function sessionRefused(token: string): void {
  if (useSession.getState().token !== token) return;
  useSession.getState().signOut();
  sessionExpiredHandler?.();
}

/** Headers every call sends: JSON, the console's language (the server's messages follow it), the token. */
function baseHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (i18next.language) headers["Accept-Language"] = i18next.language;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one request with the timeout and the caller's abort signal; throws ApiError on any failure. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = options.body === undefined ? "GET" : "POST", body, auth = true } = options;
  const token = auth ? useSession.getState().token : null;
  const headers = baseHeaders(token);
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await fetch(API_PREFIX + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.any(signals),
      credentials: "same-origin",
    });
  } catch (error) {
    // Cancelled by the caller (TanStack Query): pass the abort on untouched.
    if (options.signal?.aborted) throw error;
    if (error instanceof DOMException && error.name === "TimeoutError") throw new ApiError(TIMEOUT, 0);
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!response.ok) {
    const error = apiErrorFromResponse(response.status, await readJson(response).catch(() => undefined));
    if (response.status === 401 && token) sessionRefused(token);
    throw error;
  }
  return response;
}

/** Calls the API (`/api/v1` + path) with JSON and the operator's token; answers the parsed body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await readJson(response)) as T;
}

/** A file the API serves only to a signed-in operator (a payment proof): fetched with the token. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}
