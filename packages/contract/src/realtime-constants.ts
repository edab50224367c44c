/**
 * The socket's close codes, apart from the zod schemas so the web app can import them without
 * pulling in zod.
 */

/** The server closes the socket with this code when the token is refused, or none came in time. */
export const UNAUTHENTICATED_CLOSE_CODE = 4401;
/**
 * The server closes an authenticated socket with this code when its session ends (logout, "clear
 * cache", a password change elsewhere, expiry, an operator's revoke): the token is dead, so the app
 * signs out rather than reconnecting with it.
 */
export const SESSION_ENDED_CLOSE_CODE = 4440;
