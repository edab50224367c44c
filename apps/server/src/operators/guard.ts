import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { bearerToken } from "../platform/tokens";
import { roleMayCall, routeKey } from "./permissions";
import { authenticateOperator } from "./sessions";

export interface OperatorSession {
  operator: Operator;
  tokenHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    operatorSession: OperatorSession | null;
  }
}

/**
 * Every route of the plugin that calls this needs a signed-in operator (operator sessions only) whose
 * role the permission table (permissions.ts) allows on the route; a route missing from the table is
 * refused to everyone. Checked before the body is parsed.
 */
export function requireSignedInOperator(app: FastifyInstance, context: RouteContext): void {
  if (!app.hasRequestDecorator("operatorSession")) app.decorateRequest("operatorSession", null);
  const idleMs = context.config.OPERATOR_IDLE_MINUTES * 60_000;
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError("UNAUTHENTICATED");
    const session = await authenticateOperator(context.db, context.clock, token, idleMs);
    const key = routeKey(request.routeOptions.method, request.routeOptions.url);
    if (!roleMayCall(session.operator.role, key)) throw new AppError("OPERATOR_ROLE_FORBIDDEN");
    request.operatorSession = session;
  });
}

/** The operator the plugin's hook signed in. */
export function signedInOperator(request: FastifyRequest): OperatorSession {
  if (!request.operatorSession) throw new AppError("UNAUTHENTICATED");
  return request.operatorSession;
}
