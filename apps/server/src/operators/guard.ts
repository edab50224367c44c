import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import type { SignIn } from "../platform/scopes";
import { bearerToken } from "../platform/tokens";
import { roleMayCall, routeKey } from "./permissions";
import { authenticateOperator } from "./sessions";

/**
 * The operator scope's hook: every operator route needs a signed-in operator (operator sessions only)
 * whose role the permission table (permissions.ts) allows on the route; a route missing from the
 * table is refused to everyone. Checked before the body is parsed.
 */
export function operatorSignIn(context: RouteContext): SignIn {
  const idleMs = context.config.OPERATOR_IDLE_MINUTES * 60_000;
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError("UNAUTHENTICATED");
    const session = await authenticateOperator(context.db, context.clock, token, idleMs);
    const key = routeKey(request.routeOptions.method, request.routeOptions.url);
    if (!roleMayCall(session.operator.role, key)) throw new AppError("OPERATOR_ROLE_FORBIDDEN");
    request.operator = session.operator;
    request.sessionTokenHash = session.tokenHash;
  };
}
