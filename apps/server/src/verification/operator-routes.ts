import {
  idParams,
  LIST_CSV_MAX_ROWS,
  operatorVerification,
  operatorVerificationPage,
  verificationIdNumber,
  verificationRejectRequest,
  verificationReviewFilters,
  verificationReviewQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listExportRoute } from "../audit";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import {
  decideVerification,
  everySubmission,
  listVerifications,
  revealIdNumber,
  verificationForReview,
} from "./review";
import { VERIFICATION_CSV_COLUMNS } from "./review-csv";
import type { VerificationDeps } from "./service";

const schema = operatorRouteSchemas(["operator verification"]);

/** The console's review of real-name verifications. Every look at a submission and every decision is audited. */
export function verificationOperatorRoutes(
  context: RouteContext,
  deps: VerificationDeps,
): FastifyPluginAsyncZod {
  const timeZone = context.config.PLATFORM_TZ;
  return async (app) => {
    app.get(
      "/operator/verifications",
      {
        schema: schema({
          description:
            "The verification queue of one state (waiting ones oldest first, decided ones newest first). `q` is an account (prefix), part of a phone number (3 or more digits) or part of a name the user gave; `from` and `to` are days of submission in the platform's time zone, both included. The answer counts the matching submissions (up to LIST_TOTAL_CAP).",
          querystring: verificationReviewQuery,
          response: { 200: operatorVerificationPage },
        }),
      },
      async (request) => listVerifications(context.db, request.query, timeZone),
    );

    listExportRoute(app, context, {
      list: "verifications",
      targetType: "verification",
      tags: ["operator verification"],
      description: `The verification queue with the same filters as a CSV file (UTF-8 with BOM, header in the caller's language, times in PLATFORM_TZ with their offset, ID numbers masked), at most ${LIST_CSV_MAX_ROWS} rows (the X-Row-Limit header). The export itself is audited.`,
      filters: verificationReviewFilters,
      columns: VERIFICATION_CSV_COLUMNS,
      rows: (filters) => everySubmission(context.db, filters, timeZone, LIST_CSV_MAX_ROWS),
    });

    app.get(
      "/operator/verifications/:id",
      { schema: schema({ params: idParams, response: { 200: operatorVerification } }) },
      async (request) => {
        const { operator, sessionTokenHash: tokenHash } = request;
        return verificationForReview(deps, operator, tokenHash, BigInt(request.params.id));
      },
    );

    // A POST: each look is an act the audit log records, never a read a cache or prefetch may repeat.
    app.post(
      "/operator/verifications/:id/id-number",
      { schema: schema({ params: idParams, response: { 200: verificationIdNumber } }) },
      async (request, reply) => {
        const { operator } = request;
        const answer = await revealIdNumber(deps, operator, BigInt(request.params.id));
        return reply.header("cache-control", "private, no-store").send(answer);
      },
    );

    app.post(
      "/operator/verifications/:id/approve",
      { schema: schema({ params: idParams, response: { 200: operatorVerification } }) },
      async (request) => {
        const { operator, sessionTokenHash: tokenHash } = request;
        const id = BigInt(request.params.id);
        const userId = await decideVerification(deps, operator, id, { approve: true });
        void context.events.publish("verification.updated", [userId]);
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
        const { operator, sessionTokenHash: tokenHash } = request;
        const id = BigInt(request.params.id);
        const userId = await decideVerification(deps, operator, id, { approve: false, ...request.body });
        void context.events.publish("verification.updated", [userId]);
        void context.events.publish("inbox.changed", [userId]);
        void context.events.publish("verificationQueue.changed", [{ id, state: "rejected" }]);
        return verificationForReview(deps, operator, tokenHash, id);
      },
    );
  };
}
