import { stepUpGrant, stepUpMethods, stepUpRequest } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { routeSchemas } from "../platform/route-schema";
import { checkPayPassword } from "./secrets";
import { grantStepUp, userStepUpMethod } from "./step-up";

// 403 STEP_UP_PASSKEY_REQUIRED: the user has a passkey; 423 WITHDRAWALS_LOCKED: too many wrong transaction passwords.
const schema = routeSchemas({ tags: ["auth"], signedIn: true, errors: [400, 401, 403, 423] });

/** A fresh proof of the signed-in user, granted for one action (decision 0067). */
export function stepUpRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get("/me/step-up", { schema: schema({ response: { 200: stepUpMethods } }) }, async (request) => ({
      method: await userStepUpMethod(db, request.user.id),
    }));

    app.post(
      "/me/step-up",
      {
        schema: {
          ...schema({ body: stepUpRequest, response: { 201: stepUpGrant } }),
          description:
            "Checks a proof (the transaction password, for a user without a passkey) and grants a token for the one action named, used once within five minutes in the action's `step-up` header.",
        },
      },
      async (request, reply) => {
        const { user } = request;
        const { action, proof } = request.body;
        const now = clock.now();
        if ((await userStepUpMethod(db, user.id)) !== proof.method)
          throw new AppError("STEP_UP_PASSKEY_REQUIRED");
        await checkPayPassword(db, user, proof.payPassword, now, "payPassword");
        const holder = { userId: user.id, sessionTokenHash: request.sessionTokenHash };
        return reply.status(201).send(await grantStepUp(db, holder, action, proof.method, now));
      },
    );
  };
}
