import { meResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSignedInUser, signedInUser, toUserInfo } from "../auth";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { toAccountSummary, userFigures } from "./figures";
import { accountOperatorRoutes } from "./users-routes";

const schema = routeSchemas({ tags: ["account"], signedIn: true, errors: [401, 429] });

/**
 * The signed-in user's own account: who they are and their figures (the personal center); and, each in
 * its own plugin with its own sign-in, the console's view of users (users-routes.ts).
 */
export function accountRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    await app.register(async (own) => {
      requireSignedInUser(own, context);
      own.get("/me", { schema: schema({ response: { 200: meResponse } }) }, async (request) => {
        const { user } = signedInUser(request);
        const figures = await userFigures(db, user.id, clock.now(), context.config.PLATFORM_TZ);
        return { user: toUserInfo(user), summary: toAccountSummary(figures) };
      });
    });
    await app.register(accountOperatorRoutes(context));
  };
}
