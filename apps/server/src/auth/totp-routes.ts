import {
  okResponse,
  recoveryCodesResponse,
  totpCodeRequest,
  totpDisableStepUp,
  totpEnrolment,
  totpStatus as totpStatusSchema,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { requireStepUp } from "./step-up";
import {
  confirmTotpEnrolment,
  disableTotp,
  renewRecoveryCodes,
  startTotpEnrolment,
  totpStatus,
} from "./totp";

// 403 STEP_UP_REQUIRED (turning it off); 409 already on, off, or not started.
const schema = routeSchemas({ tags: ["auth"], signedIn: true, errors: [400, 401, 403, 409] });

/** The signed-in user's two-step sign-in (decision 0068). */
export function totpRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get("/me/totp", { schema: schema({ response: { 200: totpStatusSchema } }) }, (request) =>
      totpStatus(db, request.user.id),
    );

    app.post(
      "/me/totp",
      {
        schema: {
          ...schema({ response: { 201: totpEnrolment } }),
          description:
            "Starts enrolling: a new secret and its `otpauth://` URI for the authenticator app. It counts only once `POST /me/totp/confirm` brings a right code.",
        },
      },
      async (request, reply) =>
        reply.status(201).send(await startTotpEnrolment(db, request.user, clock.now())),
    );

    app.post(
      "/me/totp/confirm",
      {
        schema: {
          ...schema({ body: totpCodeRequest, response: { 200: recoveryCodesResponse } }),
          description:
            "Turns two-step sign-in on with a current code; answers ten recovery codes, shown once.",
        },
      },
      async (request) => {
        const recoveryCodes = await confirmTotpEnrolment(db, request.user, request.body.code, clock.now());
        void context.events.publish("inbox.changed", [request.user.id]);
        return { recoveryCodes };
      },
    );

    app.post(
      "/me/totp/recovery-codes",
      {
        schema: {
          ...schema({ body: totpCodeRequest, response: { 200: recoveryCodesResponse } }),
          description: "New recovery codes for a current code; the old ones stop working.",
        },
      },
      async (request) => ({
        recoveryCodes: await renewRecoveryCodes(db, request.user, request.body.code, clock.now()),
      }),
    );

    app.delete(
      "/me/totp",
      {
        schema: {
          ...schema({ response: { 200: okResponse } }),
          description: "Turns two-step sign-in off; needs a step-up of kind `totp.disable`.",
        },
      },
      async (request) => {
        const now = clock.now();
        await db.transaction().execute(async (tx) => {
          // Off already is told first (nothing to confirm); a refused step-up rolls the removal back.
          await disableTotp(tx, request.user.id, now, "user");
          await requireStepUp(tx, request, totpDisableStepUp(), now);
        });
        void context.events.publish("inbox.changed", [request.user.id]);
        return { ok: true as const };
      },
    );
  };
}
