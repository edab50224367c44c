import {
  createInviteCodeRequest,
  inviteCode,
  okResponse,
  operatorInfo,
  operatorLoginChallenge,
  operatorLoginRequest,
  operatorSecondFactorRequest,
  operatorSessionResponse,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { newSessionAnswer } from "../platform/sign-in";
import { createInviteCode, toOperatorInfo } from "./service";
import { logoutEverywhere, operatorLogout } from "./sessions";
import { completeOperatorSignIn, startOperatorSignIn } from "./sign-in";

const errors = [400, 401, 403, 429] as const;
const openSchema = routeSchemas({ tags: ["operators"], signedIn: false, errors });
const schema = routeSchemas({ tags: ["operators"], signedIn: true, errors });

export function operatorSignInRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  // Both sign-in steps share the login rate limit: each is a guess at a secret.
  const signInLimit = {
    rateLimit: { max: context.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" },
  };

  return async (app) => {
    app.post(
      "/operator/auth/login",
      {
        schema: openSchema({
          description:
            "Step one of two: the password. Answers a challenge for the authenticator's code, or (`enrol`) a new secret to add to the authenticator first.",
          body: operatorLoginRequest,
          response: { 200: operatorLoginChallenge },
        }),
        config: signInLimit,
      },
      async (request) => startOperatorSignIn(db, clock, request.body),
    );

    app.post(
      "/operator/auth/second-factor",
      {
        schema: openSchema({
          description:
            "Step two: the challenge with the authenticator's code or a recovery code. Answers the session; after an enrolment also the recovery codes, shown this once.",
          body: operatorSecondFactorRequest,
          response: { 200: operatorSessionResponse },
        }),
        config: signInLimit,
      },
      async (request) => {
        const signIn = await completeOperatorSignIn(db, clock, request.body);
        return {
          ...newSessionAnswer(signIn),
          operator: toOperatorInfo(signIn.operator),
          ...(signIn.recoveryCodes ? { recoveryCodes: signIn.recoveryCodes } : {}),
        };
      },
    );
  };
}

/** The signed-in operator's own session, who they are, and invitation codes for new users. */
export function operatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.post(
      "/operator/auth/logout",
      { schema: schema({ response: { 200: okResponse } }) },
      async (request) => {
        const { operator, sessionTokenHash: tokenHash } = request;
        await operatorLogout(db, clock, operator, tokenHash);
        // The console's socket closes with its session, on whichever process holds it.
        await context.events.publish("sessions.ended", [tokenHash]);
        return { ok: true as const };
      },
    );

    app.post(
      "/operator/auth/logout-everywhere",
      {
        schema: schema({
          description: "Ends every session of the signed-in operator, this one included.",
          response: { 200: okResponse },
        }),
      },
      async (request) => {
        const ended = await logoutEverywhere(db, clock, request.operator);
        await context.events.publish("sessions.ended", ended);
        return { ok: true as const };
      },
    );

    app.get(
      "/operator/me",
      {
        schema: schema({
          description: "The signed-in operator and the permission keys their role holds.",
          response: { 200: operatorInfo },
        }),
      },
      async (request) => toOperatorInfo(request.operator),
    );

    app.post(
      "/operator/invite-codes",
      { schema: schema({ body: createInviteCodeRequest, response: { 200: inviteCode } }) },
      async (request) => {
        const { operator } = request;
        return createInviteCode(db, clock, operator, request.body);
      },
    );
  };
}
