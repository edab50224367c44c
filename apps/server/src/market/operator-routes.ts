import { product, updateProductRequest } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSignedInOperator, signedInOperator } from "../operators";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { symbolParams } from "./http";
import { updateProduct } from "./service";

const schema = routeSchemas({
  tags: ["operators", "market"],
  signedIn: true,
  errors: [400, 401, 403, 404, 429],
});

/**
 * The operators' product settings (admin only, audited): status, durations with their payout rates
 * and stake limits, for contracts placed after the change. Nothing sets a price, a tick or an outcome.
 */
export function marketOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    requireSignedInOperator(app, context);
    app.put(
      "/operator/market/products/:symbol",
      {
        schema: schema({ params: symbolParams, body: updateProductRequest, response: { 200: product } }),
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        return updateProduct(
          db,
          clock,
          operator,
          request.params.symbol,
          request.body,
          requestLocale(request),
        );
      },
    );
  };
}
