import {
  idString,
  operatorVerification,
  operatorVerificationPage,
  verificationIdNumber,
  verificationRejectRequest,
  verificationReviewQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSignedInOperator, signedInOperator } from "../operators";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { decideVerification, listVerifications, revealIdNumber, verificationForReview } from "./review";
import type { VerificationDeps } from "./service";

const schema = routeSchemas({
  tags: ["operator verification"],
  signedIn: true,
  errors: [400, 401, 403, 404, 409],
});
const idParams = z.object({ id: idString });

/** The console's review of real-name verifications. Every look at a submission and every decision is audited. */
export function verificationOperatorRoutes(
  context: RouteContext,
  deps: VerificationDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignedInOperator(app, context);
    app.get(
      "/operator/verifications",
      {
        schema: schema({ querystring: verificationReviewQuery, response: { 200: operatorVerificationPage } }),
      },
      async (request) => listVerifications(context.db, request.query),
    );

    app.get(
      "/operator/verifications/:id",
      { schema: schema({ params: idParams, response: { 200: operatorVerification } }) },
      async (request) => {
        const { operator, tokenHash } = signedInOperator(request);
        return verificationForReview(deps, operator, tokenHash, BigInt(request.params.id));
      },
    );

    // A POST: each look is an act the audit log records, never a read a cache or prefetch may repeat.
    app.post(
      "/operator/verifications/:id/id-number",
      { schema: schema({ params: idParams, response: { 200: verificationIdNumber } }) },
      async (request, reply) => {
        const { operator } = signedInOperator(request);
        const answer = await revealIdNumber(deps, operator, BigInt(request.params.id));
        return reply.header("cache-control", "private, no-store").send(answer);
      },
    );

    app.post(
      "/operator/verifications/:id/approve",
      { schema: schema({ params: idParams, response: { 200: operatorVerification } }) },
      async (request) => {
        const { operator, tokenHash } = signedInOperator(request);
        const id = BigInt(request.params.id);
        const userId = await decideVerification(deps, operator, id, { approve: true });
        void context.events.publish("verification.changed", [userId]);
        void context.events.publish("inbox.changed", [userId]);
        void context.events.publish("verificationQueue.changed", [{ id, state: "verified" }]);
        return verificationForReview(deps, operator, tokenHash, id);
      },
    );

    app.post(
      "/operator/verifications/:id/reject",
      {
        schema: schema({
          params: idParams,
          body: verificationRejectRequest,
          response: { 200: operatorVerification },
        }),
      },
      async (request) => {
        const { operator, tokenHash } = signedInOperator(request);
        const id = BigInt(request.params.id);
        const userId = await decideVerification(deps, operator, id, { approve: false, ...request.body });
        void context.events.publish("verification.changed", [userId]);
        void context.events.publish("inbox.changed", [userId]);
        void context.events.publish("verificationQueue.changed", [{ id, state: "rejected" }]);
        return verificationForReview(deps, operator, tokenHash, id);
      },
    );
  };
}
