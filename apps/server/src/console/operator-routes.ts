import { operatorDashboard as dashboardSchema } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { operatorDashboard } from "./dashboard";
import { requireSignedInOperator, signedInOperator } from "./guard";

const schema = routeSchemas({ tags: ["operators"], signedIn: true, errors: [401, 403] });

/** The console's first page: queues waiting, today's figures, the feed and the last ledger check. */
export function dashboardRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignedInOperator(app, context);
    app.get(
      "/operator/dashboard",
      {
        schema: schema({
          description:
            "Review queues the operator's role may open, with their oldest item, today's figures (the platform's day, PLATFORM_TZ), each product's feed and the last ledger check.",
          response: { 200: dashboardSchema },
        }),
      },
      async (request) =>
        operatorDashboard(
          { db: context.db, clock: context.clock, timeZone: context.config.PLATFORM_TZ },
          signedInOperator(request).operator,
        ),
    );
  };
}
