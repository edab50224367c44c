import {
  passkeyStepUpOptions,
  passkeyStepUpOptionsRequest,
  stepUpGrant,
  stepUpMethods,
  stepUpRequest,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { requireRelyingParty } from "../platform/relying-party";
import { routeSchemas } from "../platform/route-schema";
import { stepUpOptions, verifyAssertion } from "./passkeys";
import { checkPayPassword } from "./secrets";
import { actionDigest, grantStepUp, userStepUpMethod } from "./step-up";

// 403 STEP_UP_PASSKEY_REQUIRED: the user has a passkey; 423 WITHDRAWALS_LOCKED: too many wrong transaction passwords.
const schema = routeSchemas({ tags: ["auth"], signedIn: true, errors: [400, 401, 403, 404, 423] });

/** A fresh proof of the signed-in user, granted for one action (decision 0067). */
export function stepUpRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const publicUrl = context.config.PUBLIC_URL;
  return async (app) => {
    app.get("/me/step-up", { schema: schema({ response: { 200: stepUpMethods } }) }, async (request) => ({
      method: await userStepUpMethod(db, request.user.id),
    }));

    app.post(
      "/me/step-up/options",
      {
        schema: {
          ...schema({ body: passkeyStepUpOptionsRequest, response: { 200: passkeyStepUpOptions } }),
          description:
            "Passkey assertion options for the action named: the user's passkeys, over a challenge only this session can answer, for this action only.",
        },
      },
      async (request) => {
        const rp = requireRelyingParty(publicUrl, request);
        const holder = { userId: request.user.id, sessionTokenHash: request.sessionTokenHash };
        return { options: await stepUpOptions(db, rp, holder, request.body.action, clock.now()) };
      },
    );

    app.post(
      "/me/step-up",
      {
        schema: {
          ...schema({ body: stepUpRequest, response: { 201: stepUpGrant } }),
          description:
            "Checks a proof (a passkey assertion over POST /me/step-up/options' challenge, or the transaction password for a user without a passkey) and grants a token for the one action named, used once within five minutes in the action's `step-up` header.",
        },
      },
      async (request, reply) => {
        const { user } = request;
        const { action, proof } = request.body;
        const now = clock.now();
        if ((await userStepUpMethod(db, user.id)) !== proof.method)
          throw new AppError(
            proof.method === "payPassword" ? "STEP_UP_PASSKEY_REQUIRED" : "PASSKEY_NOT_FOUND",
          );
        const holder = { userId: user.id, sessionTokenHash: request.sessionTokenHash };
        if (proof.method === "payPassword") {
          await checkPayPassword(db, user, proof.payPassword, now, "payPassword");
        } else {
          const binding = {
            purpose: "step_up" as const,
            sessionTokenHash: request.sessionTokenHash,
            actionDigest: actionDigest(action),
          };
          await verifyAssertion(
            db,
            requireRelyingParty(publicUrl, request),
            binding,
            proof.response,
            now,
            user.id,
          );
        }
        return reply.status(201).send(await grantStepUp(db, holder, action, proof.method, now));
      },
    );
  };
}
