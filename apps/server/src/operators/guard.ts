import type { OperatorRole } from "@tickfair/contract";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { bearerToken } from "../platform/tokens";
import { authenticateOperator, requireRole } from "./service";

export interface OperatorSession {
  operator: Operator;
  tokenHash: string;
}

declare module "fastify" {
  interface FastifyRequest {
    operatorSession: OperatorSession | null;
  }
  interface FastifyContextConfig {
    /** The operator roles a route of an operator plugin admits; every role when absent. */
    operatorRoles?: readonly OperatorRole[];
  }
}

/**
 * Every route of the plugin that calls this needs a signed-in operator (operator sessions only), in
 * one of the roles the route's `config.operatorRoles` names. Checked before the body is parsed.
 */
export function requireSignedInOperator(app: FastifyInstance, context: RouteContext): void {
  if (!app.hasRequestDecorator("operatorSession")) app.decorateRequest("operatorSession", null);
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError("UNAUTHENTICATED");
    const session = await authenticateOperator(context.db, context.clock, token);
    const roles = request.routeOptions.config.operatorRoles;
    if (roles) requireRole(session.operator, roles);
    request.operatorSession = session;
  });
}

/** The operator the plugin's hook signed in. */
export function signedInOperator(request: FastifyRequest): OperatorSession {
  if (!request.operatorSession) throw new AppError("UNAUTHENTICATED");
  return request.operatorSession;
}

/** A route's options: the roles it admits (checked by the plugin's hook) and its schema. */
export function forRoles<S extends FastifySchema>(roles: readonly OperatorRole[], schema: S) {
  return { config: { operatorRoles: roles }, schema };
}
