import {
  changePasswordRequest,
  loginRequest,
  loginResponse,
  okResponse,
  passwordStepUp,
  registerCheckRequest,
  registerRequest,
  registerResponse,
  secondFactorRequest,
  sessionResponse,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { acceptedVersionsNow } from "../content";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { newSessionAnswer } from "../platform/sign-in";
import { sessionClient } from "./device";
import { authSettings } from "./guard";
import { completeUserSignIn } from "./second-factor";
import {
  changePassword,
  checkRegistration,
  refuseRestrictedCountries,
  register,
  toUserInfo,
} from "./service";
import { login, logout, type Session } from "./sessions";
import { requireStepUp } from "./step-up";

const errors = [400, 401, 429] as const;
const openSchema = routeSchemas({ tags: ["auth"], signedIn: false, errors });
// 403 COUNTRY_RESTRICTED: the phone's country or the nationality is one RESTRICTED_COUNTRIES names.
const registrationSchema = routeSchemas({ tags: ["auth"], signedIn: false, errors: [...errors, 403] });
const schema = routeSchemas({ tags: ["auth"], signedIn: true, errors });
// 403 STEP_UP_REQUIRED: the change comes without a fresh proof granted for it.
const stepUpSchema = routeSchemas({ tags: ["auth"], signedIn: true, errors: [...errors, 403] });

export function authRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const loginLimit = { max: context.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" };

  return async (app) => {
    app.post(
      "/auth/register/check",
      {
        schema: registrationSchema({ body: registerCheckRequest, response: { 200: okResponse } }),
        config: { rateLimit: loginLimit },
      },
      async (request) => {
        refuseRestrictedCountries(context.config.RESTRICTED_COUNTRIES, request.body);
        await checkRegistration(db, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      "/auth/register",
      {
        schema: registrationSchema({ body: registerRequest, response: { 201: registerResponse } }),
        config: { rateLimit: loginLimit },
      },
      async (request, reply) => {
        refuseRestrictedCountries(context.config.RESTRICTED_COUNTRIES, request.body);
        const user = await register(db, clock, request.body, await acceptedVersionsNow(db));
        return reply.status(201).send({ user: toUserInfo(user) });
      },
    );

    /** The session's answer, with the new-device notice's inbox nudge. */
    const sessionAnswer = (session: Session) => {
      if (session.newDevice) void context.events.publish("inbox.changed", [session.user.id]);
      return { ...newSessionAnswer(session), user: toUserInfo(session.user) };
    };

    app.post(
      "/auth/login",
      {
        schema: {
          ...openSchema({ body: loginRequest, response: { 200: loginResponse } }),
          description:
            'A right password answers a session (`step: "session"`), or, when the user turned on two-step sign-in, a challenge (`step: "totp"`) for `POST /auth/login/second-factor`.',
        },
        config: { rateLimit: loginLimit },
      },
      async (request) => {
        const client = sessionClient(request);
        const outcome = await login(db, clock, authSettings(context), request.body, client);
        if (outcome.step === "totp")
          return {
            step: "totp" as const,
            challenge: outcome.challenge,
            expiresAt: outcome.expiresAt.toISOString(),
          };
        return { step: "session" as const, ...sessionAnswer(outcome.session) };
      },
    );

    app.post(
      "/auth/login/second-factor",
      {
        schema: {
          ...openSchema({ body: secondFactorRequest, response: { 200: sessionResponse } }),
          description:
            "The second step of a sign-in with two-step sign-in on: the challenge and the authenticator's six-digit `code` or one `recoveryCode`.",
        },
        config: { rateLimit: loginLimit },
      },
      async (request) =>
        sessionAnswer(await completeUserSignIn(db, clock, authSettings(context), request.body)),
    );
  };
}

/** The signed-in user's own session and secrets. */
export function authUserRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.post("/auth/logout", { schema: schema({ response: { 200: okResponse } }) }, async (request) => {
      const tokenHash = request.sessionTokenHash;
      await logout(db, clock, tokenHash);
      await context.events.publish("sessions.ended", [tokenHash]);
      return { ok: true as const };
    });

    app.post(
      "/me/password",
      { schema: stepUpSchema({ body: changePasswordRequest, response: { 200: okResponse } }) },
      async (request) => {
        const { user, sessionTokenHash: tokenHash } = request;
        const { type } = request.body;
        const { endedSessions } = await changePassword(db, clock, user, tokenHash, request.body, (tx) =>
          requireStepUp(tx, request, passwordStepUp(type), clock.now()),
        );
        await context.events.publish("sessions.ended", endedSessions);
        void context.events.publish("inbox.changed", [user.id]);
        return { ok: true as const };
      },
    );
  };
}
