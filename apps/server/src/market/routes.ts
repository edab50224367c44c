import {
  candleList,
  candleQuery,
  chainVerification,
  chainVerifyQuery,
  product,
  productList,
  productQuery,
  productTermsHistory,
  tickList,
  tickRangeQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { BlobStore } from "../platform/blob-store";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { symbolParams } from "./http";
import { productCandles, productTicks, verifyProductChain } from "./product-ticks";
import { getProduct, listProducts, termsHistory } from "./service";

const schema = routeSchemas({ tags: ["market"], signedIn: false, errors: [400, 404, 429] });

/**
 * Market data, public (no session). Read-only: there is no route that sets a price or a tick.
 */
export function marketRoutes(context: RouteContext, archives: BlobStore): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/market/products",
      { schema: schema({ querystring: productQuery, response: { 200: productList } }) },
      async (request) => ({
        items: await listProducts(db, clock.now(), { q: request.query.q, locale: requestLocale(request) }),
      }),
    );

    app.get(
      "/market/products/:symbol",
      { schema: schema({ params: symbolParams, response: { 200: product } }) },
      async (request) => getProduct(db, clock.now(), request.params.symbol, requestLocale(request)),
    );

    app.get(
      "/market/products/:symbol/terms-history",
      {
        schema: schema({
          description:
            "Every version of the product's published terms (durations with payout rates, stake limits), newest first, with when each took effect. The same for every user.",
          params: symbolParams,
          response: { 200: productTermsHistory },
        }),
      },
      async (request) => termsHistory(db, request.params.symbol),
    );

    app.get(
      "/market/products/:symbol/candles",
      { schema: schema({ params: symbolParams, querystring: candleQuery, response: { 200: candleList } }) },
      async (request) =>
        productCandles(db, request.params.symbol, request.query.interval, request.query.limit),
    );

    app.get(
      "/market/products/:symbol/ticks",
      { schema: schema({ params: symbolParams, querystring: tickRangeQuery, response: { 200: tickList } }) },
      async (request) => productTicks(db, request.params.symbol, request.query, archives),
    );

    app.get(
      "/market/products/:symbol/verify",
      {
        schema: schema({
          params: symbolParams,
          querystring: chainVerifyQuery,
          response: { 200: chainVerification },
        }),
      },
      async (request) =>
        verifyProductChain(db, request.params.symbol, request.query.fromSeq, request.query.toSeq, archives),
    );
  };
}
