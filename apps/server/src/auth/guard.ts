import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { SignIn } from "../platform/scopes";
import { bearerToken } from "../platform/tokens";
import { authenticate } from "./sessions";

export function authSettings(context: RouteContext) {
  return { sessionIdleMs: context.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000 };
}

/**
 * The user scope's hook: every user route needs a signed-in user, checked before the body is even
 * parsed, so an anonymous caller learns nothing about a route's input.
 */
export function userSignIn(context: RouteContext): SignIn {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError("UNAUTHENTICATED");
    const session = await authenticate(context.db, context.clock, authSettings(context), token, request.ip);
    request.user = session.user;
    request.sessionTokenHash = session.tokenHash;
  };
}
