import { demoTopUpRequest, demoTopUpResponse, errorBody, toMinor } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/guard";
import type { RouteContext } from "../platform/app";
import { forbidden } from "../platform/errors";
import { readIdempotencyKey, requestFingerprint, runIdempotent } from "../platform/idempotency";
import { demoTopUp } from "./service";

export function cashierRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/cashier/demo-topup",
      {
        schema: {
          tags: ["cashier"],
          security: [{ bearer: [] }],
          body: demoTopUpRequest,
          response: {
            200: demoTopUpResponse,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            422: errorBody,
          },
        },
      },
      async (request, reply) => {
        const { user } = await requireUser(context, request);
        if (!context.config.DEMO_MODE) throw forbidden("DEMO_MODE_ONLY");
        const key = readIdempotencyKey(request.headers["idempotency-key"]);
        const result = await runIdempotent(
          context.db,
          {
            userId: user.id,
            key,
            fingerprint: requestFingerprint("POST", "/cashier/demo-topup", request.body),
            at: context.clock.now(),
          },
          async (tx) => ({
            status: 200,
            body: await demoTopUp(tx, user.id, toMinor(request.body.amount), context.clock.now()),
          }),
        );
        if (result.replayed) reply.header("idempotent-replayed", "true");
        return result.body;
      },
    );
  };
}
