import {
  capsSymbolParams,
  controlChange,
  exposureCaps,
  exposureCapsChange,
  exposureCapsList,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { controlChangeDecisionRoutes } from "../audit";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import { changeCaps, decideCapsChange, listCaps } from "./caps";

/** The exposure caps at the console: every product's caps and use, and an admin's change of them. */
export function tradingOperatorRoutes({ db, clock }: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["operator: risk"];
    const schema = operatorRouteSchemas(tags);

    app.get("/operator/risk/caps", { schema: schema({ response: { 200: exposureCapsList } }) }, async () => ({
      items: await listCaps(db),
    }));

    app.put(
      "/operator/risk/caps/:symbol",
      {
        schema: schema({
          description:
            "Sets a product's exposure caps (null: no cap) for new orders only. A tightening applies at once (200); a loosening is proposed (202) and applies when another admin approves it.",
          params: capsSymbolParams,
          body: exposureCapsChange,
          response: { 200: exposureCaps, 202: controlChange },
        }),
      },
      async (request, reply) => {
        const outcome = await changeCaps(db, clock, request.operator, request.params.symbol, request.body);
        if ("proposed" in outcome) return reply.status(202).send(outcome.proposed);
        return outcome.applied;
      },
    );

    controlChangeDecisionRoutes(app, tags, "/operator/risk/caps/changes", (operator, id, decision) =>
      decideCapsChange(db, clock, operator, id, decision),
    );
  };
}
