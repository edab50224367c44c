import { riskWarningResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { latestRiskFigure } from "./risk-figure";

const schema = routeSchemas({ tags: ["limits"], signedIn: false, errors: [] });

/**
 * The risk warning's figure, for anyone (welcome and registration show it before signing in): the
 * latest day's as stored, never computed per request.
 */
export function riskWarningRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/risk-warning",
      {
        schema: schema({
          description:
            "The share of users whose settled contracts of the 90 platform days before the figure's day lost money in sum, stored once a day; null while fewer users than RISK_WARNING_MIN_USERS traded.",
          response: { 200: riskWarningResponse },
        }),
      },
      async (_request, reply) => {
        // The same for everyone and new once a day: caches may keep it a few minutes.
        reply.header("cache-control", "public, max-age=300");
        return { figure: await latestRiskFigure(context.db, context.config.RISK_WARNING_MIN_USERS) };
      },
    );
  };
}
