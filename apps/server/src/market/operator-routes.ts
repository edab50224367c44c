import {
  operatorChainVerification,
  operatorChainVerifyQuery,
  operatorProductList,
  product,
  updateFeedSourcesRequest,
  updateProductRequest,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BlobStore } from "../platform/blob-store";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { setFeedSources } from "./feed-config";
import { symbolParams } from "./http";
import { operatorProducts, verifyProductRange } from "./operator-products";
import { updateProduct } from "./product-update";
import { getProduct } from "./service";

const schema = routeSchemas({
  tags: ["operators", "market"],
  signedIn: true,
  errors: [400, 401, 403, 404, 409, 429],
});

/**
 * The console's markets: every product's settings and state, a product's tick chain verified over a
 * time range, and the product settings (admin only, audited): status, trading hours, durations with
 * their payout rates and stake limits, for contracts placed after the change. Nothing sets a price, a
 * tick or an outcome.
 */
export function marketOperatorRoutes(context: RouteContext, archives: BlobStore): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/operator/market/products",
      {
        schema: schema({
          description:
            "Every product: status and maintenance as set and as in force now, trading hours, rates per duration, stake limits, the last tick.",
          response: { 200: operatorProductList },
        }),
      },
      async (request) => ({ items: await operatorProducts(db, clock.now(), requestLocale(request)) }),
    );

    app.get(
      "/operator/market/products/:symbol/verify",
      {
        schema: schema({
          description:
            "Re-hashes every tick recorded from `from` to `to` (at most 24 hours, 100,000 ticks) and answers whether the chain holds, or its first broken tick.",
          params: symbolParams,
          querystring: operatorChainVerifyQuery,
          response: { 200: operatorChainVerification },
        }),
      },
      async (request) => verifyProductRange(db, request.params.symbol, request.query, archives),
    );

    app.put(
      "/operator/market/products/:symbol",
      {
        schema: schema({
          description:
            "Changes what the body names (status, maintenance until, trading hours, rates per duration, stake limits) with a reason, audited; contracts already placed keep their rate.",
          params: symbolParams,
          body: updateProductRequest,
          response: { 200: product },
        }),
      },
      async (request) => {
        const { operator } = request;
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

    app.put(
      "/operator/market/products/:symbol/feed",
      {
        schema: schema({
          description:
            "Sets the exchange markets (Binance, OKX) whose latest trades price the product by their median, and how many must be live; no sources gives it back to the simulator. Audited; the feed applies it within seconds.",
          params: symbolParams,
          body: updateFeedSourcesRequest,
          response: { 200: product },
        }),
      },
      async (request) => {
        await setFeedSources(db, clock, request.operator, request.params.symbol, request.body);
        return getProduct(db, clock.now(), request.params.symbol, requestLocale(request));
      },
    );
  };
}
