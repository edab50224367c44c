import {
  candleList,
  candleQuery,
  chainVerification,
  chainVerifyQuery,
  errorBody,
  product,
  productList,
  productQuery,
  tickList,
  tickRangeQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { locale, symbolParams } from "./http";
import { getProduct, listProducts, productCandles, productTicks, verifyProductChain } from "./service";

const errors = { 400: errorBody, 404: errorBody, 429: errorBody };

/**
 * Market data, public (no session). Read-only: there is no route that sets a price or a tick.
 */
export function marketRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/market/products",
      { schema: { tags: ["market"], querystring: productQuery, response: { 200: productList, ...errors } } },
      async (request) => ({
        items: await listProducts(db, clock.now(), { q: request.query.q, locale: locale(request) }),
      }),
    );

    app.get(
      "/market/products/:symbol",
      { schema: { tags: ["market"], params: symbolParams, response: { 200: product, ...errors } } },
      async (request) => getProduct(db, clock.now(), request.params.symbol, locale(request)),
    );

    app.get(
      "/market/products/:symbol/candles",
      {
        schema: {
          tags: ["market"],
          params: symbolParams,
          querystring: candleQuery,
          response: { 200: candleList, ...errors },
        },
      },
      async (request) =>
        productCandles(db, request.params.symbol, request.query.interval, request.query.limit),
    );

    app.get(
      "/market/products/:symbol/ticks",
      {
        schema: {
          tags: ["market"],
          params: symbolParams,
          querystring: tickRangeQuery,
          response: { 200: tickList, ...errors },
        },
      },
      async (request) => productTicks(db, request.params.symbol, request.query),
    );

    app.get(
      "/market/products/:symbol/verify",
      {
        schema: {
          tags: ["market"],
          params: symbolParams,
          querystring: chainVerifyQuery,
          response: { 200: chainVerification, ...errors },
        },
      },
      async (request) =>
        verifyProductChain(db, request.params.symbol, request.query.fromSeq, request.query.toSeq),
    );
  };
}
