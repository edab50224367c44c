import { BASENAME } from "../lib/paths";

/**
 * The chosen language, also as a cookie: the server sends a first screen prerendered in it (the
 * choice itself stays in localStorage, which the server cannot read). Without it, the default.
 */
export const LANGUAGE_COOKIE = "language";

export function rememberLanguageCookie(lng: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers.
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; Path=${BASENAME}; Max-Age=31536000; SameSite=Lax`;
}
