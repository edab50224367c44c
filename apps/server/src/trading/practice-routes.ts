import {
  contract,
  contractList,
  contractPage,
  contractPageQuery,
  placeContractRequest,
  practiceAccount as practiceAccountSchema,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { answerMoneyMove, idempotencyOf } from "../platform/idempotency";
import { routeSchemas } from "../platform/route-schema";
import { listClosedContracts, listOpenContracts } from "./contract-reads";
import { placePracticeContract, practiceAccount, resetPractice } from "./practice";

const schema = routeSchemas({ tags: ["practice"], signedIn: true, errors: [400, 401, 404, 409, 422] });

/**
 * The practice account: virtual units for learning, on the same markets, terms and settlement as real
 * money. A contract's detail and receipt are read through the trading routes, whichever its wallet.
 */
export function practiceRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const quoteMaxAgeMs = context.config.QUOTE_MAX_AGE_SECONDS * 1000;
  return async (app) => {
    app.get(
      "/practice/account",
      { schema: schema({ response: { 200: practiceAccountSchema } }) },
      async (request) => practiceAccount(db, request.user.id, clock.now()),
    );

    app.post(
      "/practice/reset",
      { schema: schema({ response: { 200: practiceAccountSchema } }) },
      async (request) => resetPractice(db, request.user.id, clock.now()),
    );

    app.post(
      "/practice/contracts",
      { schema: schema({ body: placeContractRequest, response: { 201: contract } }) },
      async (request, reply) => {
        const { user } = request;
        const { key, fingerprint } = idempotencyOf(request);
        const result = await placePracticeContract(
          db,
          { userId: user.id, input: request.body, key, fingerprint },
          clock.now(),
          quoteMaxAgeMs,
        );
        return answerMoneyMove(context, reply, user.id, result);
      },
    );

    app.get(
      "/practice/contracts/open",
      { schema: schema({ response: { 200: contractList } }) },
      async (request) => listOpenContracts(db, request.user.id, "practice"),
    );

    app.get(
      "/practice/contracts/closed",
      { schema: schema({ querystring: contractPageQuery, response: { 200: contractPage } }) },
      async (request) => listClosedContracts(db, request.user.id, request.query, "practice"),
    );
  };
}
