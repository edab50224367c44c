import {
  type ApiClientConfig,
  apiCall,
  newIdempotencyKey,
  type RequestOptions,
  readBody,
} from "@tickfair/browser/http-client";
import i18next from "i18next";
import { useSession } from "../store/session";
import { reportCallReached } from "./network-state";

export { newIdempotencyKey };

export const API_PREFIX = "/api";

let unauthorizedHandler: (() => void) | null = null;

/** What to do after a 401 from an authenticated call (the router sends the visitor to log in). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
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
}

/** The app's API: calls are anonymous unless they ask for the session (`auth: true`). */
export const apiConfig: ApiClientConfig = {
  prefix: API_PREFIX,
  token: () => useSession.getState().token,
  language: () => i18next.language,
  onUnauthorized: sessionRefused,
  onReach: reportCallReached,
};

/** Calls the API (`/api` + path) with JSON, a 60 s timeout and the session token; throws ApiError. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiCall(apiConfig, path, options, readBody as (response: Response) => Promise<T>);
}
