import { createApiClient } from "@tickfair/browser/http-client";
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

// Every console call but signing in is an operator's: the token goes unless a call says otherwise.
const client = createApiClient({
  prefix: "/api/v1",
  authByDefault: true,
  token: () => useSession.getState().token,
  language: () => i18next.language,
  onUnauthorized: sessionRefused,
});

/** Calls the API (`/api/v1` + path) with JSON and the operator's token; answers the parsed body. */
export const apiRequest = client.request;

/** A file the API serves only to a signed-in operator (a payment proof): fetched with the token. */
export const apiBlob = client.blob;
