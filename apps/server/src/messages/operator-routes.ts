import {
  broadcastInput,
  broadcastPage,
  broadcastQuery,
  cancelBroadcastRequest,
  idString,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import { cancelBroadcast, createBroadcast, broadcastPage as readBroadcastPage } from "./broadcasts";

const schema = operatorRouteSchemas(["operator messages"]);

/** The console's broadcasts: written per locale, sent now or at a time, cancelled before they go out. */
export function messageOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/operator/broadcasts",
      { schema: schema({ querystring: broadcastQuery, response: { 200: broadcastPage } }) },
      async (request) => readBroadcastPage(context.db, request.query),
    );
    app.post(
      "/operator/broadcasts",
      {
        schema: schema({
          body: broadcastInput,
          response: { 201: z.object({ id: z.string(), published: z.boolean() }) },
        }),
      },
      async (request, reply) => {
        const { operator } = request;
        const created = await createBroadcast(context.db, context.clock, operator, request.body);
        if (created.published) void context.events.publish("broadcast.published", [created.id]);
        return reply.status(201).send({ id: String(created.id), published: created.published });
      },
    );
    app.post(
      "/operator/broadcasts/:id/cancel",
      {
        schema: schema({
          params: z.object({ id: idString }),
          body: cancelBroadcastRequest,
          response: { 200: z.object({ ok: z.literal(true) }) },
        }),
      },
      async (request) => {
        const { operator } = request;
        await cancelBroadcast(
          context.db,
          context.clock,
          operator,
          BigInt(request.params.id),
          request.body.reason,
        );
        return { ok: true as const };
      },
    );
  };
}
