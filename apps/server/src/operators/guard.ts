import type { OperatorRole } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import type { RouteContext } from "../platform/context";
import { unauthenticated } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { bearerToken } from "../platform/tokens";
import { authenticateOperator, requireRole } from "./service";

/** The signed-in operator of a request (operator sessions only), holding one of `roles` if given. */
export async function requireOperator(
  context: RouteContext,
  request: FastifyRequest,
  roles?: readonly OperatorRole[],
): Promise<{ operator: Operator; tokenHash: string }> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthenticated();
  const session = await authenticateOperator(context.db, context.clock, token);
  if (roles) requireRole(session.operator, roles);
  return session;
}
