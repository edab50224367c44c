import { type ApiClientConfig, apiCall, type RequestOptions, readBody } from "@tickfair/browser/http-client";
import i18next from "i18next";
import { useSession } from "../store/session";

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

const config: ApiClientConfig = {
  prefix: "/api/v1",
  token: () => useSession.getState().token,
  language: () => i18next.language,
  onUnauthorized: sessionRefused,
};

/** Calls the API (`/api/v1` + path) with JSON and the operator's token; answers the parsed body. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiCall(config, path, signedIn(options), readBody as (response: Response) => Promise<T>);
}

/** A file the API serves only to a signed-in operator (a payment proof): fetched with the token. */
export function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return apiCall(config, path, signedIn(options), (response) => response.blob());
}

/** Every console call but signing in is an operator's: the token goes unless a call says otherwise. */
function signedIn(options: RequestOptions): RequestOptions {
  return { auth: true, ...options };
}
