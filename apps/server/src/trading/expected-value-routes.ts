import { expectedValue as expectedValueSchema } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { symbolParams } from "../market";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { expectedValue } from "./expected-value";

const schema = routeSchemas({ tags: ["market"], signedIn: false, errors: [400, 404, 429] });

/** A product's expected value per duration, for anyone: the ticket and the rules page show it. */
export function expectedValueRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/market/products/:symbol/expected-value",
      {
        schema: schema({
          description:
            "Per duration: what 100 staked returns on average at fair odds under the simulator's published model (by direction; null for a real market), and what users got back per 100 staked over the 90 platform days before the latest daily figure, with the number of settled contracts (per100 null below minContracts).",
          params: symbolParams,
          response: { 200: expectedValueSchema },
        }),
      },
      async (request, reply) => {
        // The same for everyone; the fair figures follow the price, the realized ones change daily.
        reply.header("cache-control", "public, max-age=60");
        return expectedValue(
          context.db,
          request.params.symbol,
          context.clock.now(),
          context.config.REALIZED_RETURN_MIN_CONTRACTS,
        );
      },
    );
  };
}
