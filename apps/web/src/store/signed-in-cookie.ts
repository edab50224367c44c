import { BASENAME } from "../lib/paths";
import { useSession } from "./session";

/**
 * Whether this browser holds a session, as a cookie the server reads: a screen the build prerendered
 * for a signed-out visitor (home's invitation to log in) is not sent to a signed-in one, who gets the
 * app's frame instead. It says nothing more — the session itself stays in localStorage.
 */
export const SIGNED_IN_COOKIE = "signed_in";

function write(signedIn: boolean): void {
  const lifetime = signedIn ? "Max-Age=31536000" : "Max-Age=0";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older phones' browsers.
  document.cookie = `${SIGNED_IN_COOKIE}=1; Path=${BASENAME}; ${lifetime}; SameSite=Lax`;
}

/** Keeps the cookie in step with the session, from now on (sessions kept from before included). */
export function followSignedInCookie(): void {
  let signedIn = useSession.getState().token !== null;
  write(signedIn);
  useSession.subscribe((state) => {
    if ((state.token !== null) === signedIn) return;
    signedIn = state.token !== null;
    write(signedIn);
  });
}
