import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { User } from "../platform/schema";
import { bearerToken } from "../platform/tokens";
import { authenticate } from "./sessions";

export function authSettings(context: RouteContext) {
  return { sessionIdleMs: context.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000 };
}

export interface UserSession {
  user: User;
  tokenHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    userSession: UserSession | null;
  }
}

/**
 * Every route of the plugin that calls this needs a signed-in user: one hook, before the body is even
 * parsed, so an anonymous caller learns nothing about a route's input.
 */
export function requireSignedInUser(app: FastifyInstance, context: RouteContext): void {
  if (!app.hasRequestDecorator("userSession")) app.decorateRequest("userSession", null);
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError("UNAUTHENTICATED");
    request.userSession = await authenticate(context.db, context.clock, authSettings(context), token);
  });
}

/** The user the plugin's hook signed in. */
export function signedInUser(request: FastifyRequest): UserSession {
  if (!request.userSession) throw new AppError("UNAUTHENTICATED");
  return request.userSession;
}
