import {
  changePasswordRequest,
  errorBody,
  loginRequest,
  okResponse,
  registerCheckRequest,
  registerRequest,
  registerResponse,
  sessionResponse,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { authSettings, requireSignedInUser, signedInUser } from "./guard";
import { changePassword, checkRegistration, login, logout, register, toUserInfo } from "./service";

const errors = { 400: errorBody, 401: errorBody, 429: errorBody };
const bearer = [{ bearer: [] }];

export function authRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const loginLimit = { max: context.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" };

  return async (app) => {
    app.post(
      "/auth/register/check",
      {
        schema: { tags: ["auth"], body: registerCheckRequest, response: { 200: okResponse, ...errors } },
        config: { rateLimit: loginLimit },
      },
      async (request) => {
        await checkRegistration(db, request.body);
        return { ok: true as const };
      },
    );

    app.post(
      "/auth/register",
      {
        schema: { tags: ["auth"], body: registerRequest, response: { 201: registerResponse, ...errors } },
        config: { rateLimit: loginLimit },
      },
      async (request, reply) => {
        const user = await register(db, clock, request.body);
        return reply.status(201).send({ user: toUserInfo(user) });
      },
    );

    app.post(
      "/auth/login",
      {
        schema: { tags: ["auth"], body: loginRequest, response: { 200: sessionResponse, ...errors } },
        config: { rateLimit: loginLimit },
      },
      async (request) => {
        const session = await login(db, clock, authSettings(context), request.body);
        return {
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
          user: toUserInfo(session.user),
        };
      },
    );

    // Everything after this needs a signed-in user.
    await app.register(async (signedIn) => signedInRoutes(signedIn, context));
  };
}

function signedInRoutes(app: Parameters<FastifyPluginAsyncZod>[0], context: RouteContext): void {
  const { db, clock } = context;
  requireSignedInUser(app, context);

  app.post(
    "/auth/logout",
    { schema: { tags: ["auth"], security: bearer, response: { 200: okResponse, ...errors } } },
    async (request) => {
      const { tokenHash } = signedInUser(request);
      await logout(db, clock, tokenHash);
      await context.events.publish("sessions.ended", [tokenHash]);
      return { ok: true as const };
    },
  );

  app.post(
    "/me/password",
    {
      schema: {
        tags: ["auth"],
        security: bearer,
        body: changePasswordRequest,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      const { user, tokenHash } = signedInUser(request);
      const { endedSessions } = await changePassword(db, clock, user, tokenHash, request.body);
      await context.events.publish("sessions.ended", endedSessions);
      return { ok: true as const };
    },
  );
}
