import {
  contract,
  contractDetail as contractDetailSchema,
  contractList,
  contractPage,
  contractPageQuery,
  contractReceipt as contractReceiptSchema,
  idParams,
  idString,
  placeContractRequest,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BlobStore } from "../platform/blob-store";
import type { RouteContext } from "../platform/context";
import { answerMoneyMove, idempotencyOf } from "../platform/idempotency";
import { routeSchemas } from "../platform/route-schema";
import { contractDetail, listClosedContracts, listOpenContracts } from "./contract-reads";
import { OrderDesk } from "./placement";
import { contractReceipt } from "./receipt";

const schema = routeSchemas({ tags: ["trading"], signedIn: true, errors: [400, 401, 404, 409, 422] });

/**
 * Rise/fall contracts. A user can place an order and read their own contracts; nothing here (or
 * anywhere) sets a price, a tick or an outcome: those come only from recorded ticks at settlement.
 */
export function tradingRoutes(
  context: RouteContext,
  deps: {
    /** After an order committed (not on a replay): the consoles' exposure board moves. */
    placed(): void;
    /** Where archived ticks are kept: an old contract's ticks are read from there. */
    archives: BlobStore;
  },
): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const orders = new OrderDesk(
    db,
    clock,
    context.config.QUOTE_MAX_AGE_SECONDS * 1000,
    context.config.PLATFORM_TZ,
  );
  return async (app) => {
    app.post(
      "/trading/contracts",
      { schema: schema({ body: placeContractRequest, response: { 201: contract } }) },
      async (request, reply) => {
        const { user } = request;
        const { key, fingerprint } = idempotencyOf(request);
        const result = await orders.place({ userId: user.id, input: request.body, key, fingerprint });
        if (!result.replayed) deps.placed();
        return answerMoneyMove(context, reply, user.id, result);
      },
    );

    app.get(
      "/trading/contracts/open",
      { schema: schema({ response: { 200: contractList } }) },
      async (request) => {
        const { user } = request;
        return listOpenContracts(db, user.id);
      },
    );

    app.get(
      "/trading/contracts/closed",
      { schema: schema({ querystring: contractPageQuery, response: { 200: contractPage } }) },
      async (request) => listClosedContracts(db, request.user.id, request.query),
    );

    app.get(
      "/trading/contracts/:id",
      { schema: schema({ params: z.object({ id: idString }), response: { 200: contractDetailSchema } }) },
      async (request) => {
        const { user } = request;
        return contractDetail(db, deps.archives, user.id, BigInt(request.params.id));
      },
    );

    app.get(
      "/trading/contracts/:id/receipt",
      { schema: schema({ params: idParams, response: { 200: contractReceiptSchema } }) },
      async (request) =>
        contractReceipt(db, deps.archives, request.user.id, BigInt(request.params.id), clock.now()),
    );
  };
}
