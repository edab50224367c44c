import { meResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { toUserInfo } from "../auth";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { toAccountSummary, userFigures } from "./figures";

const schema = routeSchemas({ tags: ["account"], signedIn: true, errors: [401, 429] });

/**
 * The signed-in user's own account: who they are and their figures (the personal center).
 */
export function accountRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get("/me", { schema: schema({ response: { 200: meResponse } }) }, async (request) => {
      const { user } = request;
      const figures = await userFigures(db, user.id, clock.now(), context.config.PLATFORM_TZ);
      return { user: toUserInfo(user), summary: toAccountSummary(figures) };
    });
  };
}
