import type { FastifyRequest } from "fastify";
import type { RouteContext } from "../platform/context";
import { unauthenticated } from "../platform/errors";
import type { User } from "../platform/schema";
import { bearerToken } from "../platform/tokens";
import { authenticate } from "./service";

export function authSettings(context: RouteContext) {
  return { sessionIdleMs: context.config.SESSION_IDLE_DAYS * 24 * 60 * 60_000 };
}

/** The signed-in user of a request, or 401. */
export async function requireUser(
  context: RouteContext,
  request: FastifyRequest,
): Promise<{ user: User; tokenHash: string }> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthenticated();
  return authenticate(context.db, context.clock, authSettings(context), token);
}
