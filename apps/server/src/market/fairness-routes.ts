import {
  chainHeadPage,
  chainHeadQuery,
  fairness,
  fairnessEpochPage,
  fairnessEpochQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { chainHeadsByDay, fairnessEpochs, fairnessState } from "./fairness-service";

const schema = routeSchemas({ tags: ["market"], signedIn: false, errors: [400, 404, 429] });

/** The synthetic markets' commitment and the chain heads, public (no session) so anyone can check. */
export function fairnessRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock, config } = context;
  return async (app) => {
    app.get("/fairness", { schema: schema({ response: { 200: fairness } }) }, async () =>
      fairnessState(db, clock.now()),
    );

    app.get(
      "/fairness/epochs",
      { schema: schema({ querystring: fairnessEpochQuery, response: { 200: fairnessEpochPage } }) },
      async (request) => fairnessEpochs(db, clock.now(), request.query),
    );

    app.get(
      "/fairness/heads",
      { schema: schema({ querystring: chainHeadQuery, response: { 200: chainHeadPage } }) },
      async (request) =>
        chainHeadsByDay(db, clock.now(), config.PLATFORM_TZ, request.query.symbol, request.query),
    );
  };
}
