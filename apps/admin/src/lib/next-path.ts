import { SIGN_IN_PATH } from "./paths";

/**
 * Where to go after signing in: the `next` search param when it is a path inside the console, else
 * the start page. A full URL or a protocol-relative `//host` would send a fresh session elsewhere.
 */
export function safeNextPath(next: string | null): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

/** The sign-in page's address that comes back to `here` (a path inside the console) afterwards. */
export function signInPath(here: string, options: { expired?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (here !== "/" && !here.startsWith(SIGN_IN_PATH)) params.set("next", here);
  if (options.expired) params.set("expired", "1");
  const search = params.toString();
  return search === "" ? SIGN_IN_PATH : `${SIGN_IN_PATH}?${search}`;
}
