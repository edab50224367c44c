import { conversationContext, operatorDashboard as dashboardSchema, idParams } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas, routeSchemas } from "../platform/route-schema";
import { conversationContext as readContext } from "./chat-context";
import { operatorDashboard } from "./dashboard";

const schema = routeSchemas({ tags: ["operators"], signedIn: true, errors: [401, 403] });
const chatSchema = operatorRouteSchemas(["operator chat"]);

/**
 * Read models that join several capabilities for operators: the console's first page (queues waiting,
 * today's figures, the feed, the last ledger check) and what a chat's operator sees of its user.
 */
export function consoleOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
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
          request.operator,
        ),
    );
    app.get(
      "/operator/chats/:id/context",
      { schema: chatSchema({ params: idParams, response: { 200: conversationContext } }) },
      async (request) =>
        readContext(
          { db: context.db, clock: context.clock, platformTz: context.config.PLATFORM_TZ },
          request.operator.id,
          BigInt(request.params.id),
        ),
    );
  };
}
