import {
  contract,
  contractDetail as contractDetailSchema,
  contractList,
  contractPage,
  contractPageQuery,
  errorBody,
  idString,
  placeContractRequest,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSignedInUser, signedInUser } from "../auth";
import type { RouteContext } from "../platform/context";
import { answerMoneyMove, idempotencyOf } from "../platform/idempotency";
import { OrderDesk } from "./placement";
import { contractDetail, listClosedContracts, listOpenContracts } from "./service";

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const security = [{ bearer: [] }];

/**
 * Rise/fall contracts. A user can place an order and read their own contracts; nothing here (or
 * anywhere) sets a price, a tick or an outcome: those come only from recorded ticks at settlement.
 */
export function tradingRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const orders = new OrderDesk(db, clock);
  return async (app) => {
    requireSignedInUser(app, context);
    app.post(
      "/trading/contracts",
      {
        schema: {
          tags: ["trading"],
          security,
          body: placeContractRequest,
          response: { 201: contract, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = signedInUser(request);
        const { key, fingerprint } = idempotencyOf(request);
        const result = await orders.place({ userId: user.id, input: request.body, key, fingerprint });
        return answerMoneyMove(context, reply, user.id, result);
      },
    );

    app.get(
      "/trading/contracts/open",
      { schema: { tags: ["trading"], security, response: { 200: contractList, ...errors } } },
      async (request) => {
        const { user } = signedInUser(request);
        return listOpenContracts(db, user.id);
      },
    );

    app.get(
      "/trading/contracts/closed",
      {
        schema: {
          tags: ["trading"],
          security,
          querystring: contractPageQuery,
          response: { 200: contractPage, ...errors },
        },
      },
      async (request) => {
        const { user } = signedInUser(request);
        return listClosedContracts(db, user.id, request.query.cursor, request.query.limit);
      },
    );

    app.get(
      "/trading/contracts/:id",
      {
        schema: {
          tags: ["trading"],
          security,
          params: z.object({ id: idString }),
          response: { 200: contractDetailSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = signedInUser(request);
        return contractDetail(db, user.id, BigInt(request.params.id));
      },
    );
  };
}
