import {
  auditPage,
  controlChangePage,
  controlChangeQuery,
  createInviteCodeRequest,
  errorBody,
  inviteCode,
  okResponse,
  operatorInfo,
  operatorLoginRequest,
  operatorSessionResponse,
  pageQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { listControlChanges } from "./control-changes";
import { requireSignedInOperator, signedInOperator } from "./guard";
import { createInviteCode, listAudit, operatorLogin, operatorLogout, toOperatorInfo } from "./service";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
const security = [{ bearer: [] }];

export function operatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;

  return async (app) => {
    app.post(
      "/operator/auth/login",
      {
        schema: {
          tags: ["operators"],
          body: operatorLoginRequest,
          response: { 200: operatorSessionResponse, ...errors },
        },
        config: { rateLimit: { max: context.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" } },
      },
      async (request) => {
        const session = await operatorLogin(db, clock, request.body);
        return {
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
          operator: toOperatorInfo(session.operator),
        };
      },
    );

    // Everything after this needs a signed-in operator.
    await app.register(async (signedIn) => signedInRoutes(signedIn, context));
  };
}

function signedInRoutes(app: Parameters<FastifyPluginAsyncZod>[0], context: RouteContext): void {
  const { db, clock } = context;
  requireSignedInOperator(app, context);

  app.post(
    "/operator/auth/logout",
    { schema: { tags: ["operators"], security, response: { 200: okResponse, ...errors } } },
    async (request) => {
      const { operator, tokenHash } = signedInOperator(request);
      await operatorLogout(db, clock, operator, tokenHash);
      return { ok: true as const };
    },
  );

  app.get(
    "/operator/me",
    { schema: { tags: ["operators"], security, response: { 200: operatorInfo, ...errors } } },
    async (request) => {
      const { operator } = signedInOperator(request);
      return toOperatorInfo(operator);
    },
  );

  app.post(
    "/operator/invite-codes",
    {
      config: { operatorRoles: ["support", "admin"] },
      schema: {
        tags: ["operators"],
        security,
        body: createInviteCodeRequest,
        response: { 200: inviteCode, ...errors },
      },
    },
    async (request) => {
      const { operator } = signedInOperator(request);
      return createInviteCode(db, clock, operator, request.body);
    },
  );

  app.get(
    "/operator/control-changes",
    {
      config: { operatorRoles: ["finance", "admin"] },
      schema: {
        tags: ["operators"],
        security,
        description: "Changes of a control waiting for (or decided by) a second admin.",
        querystring: controlChangeQuery,
        response: { 200: controlChangePage, ...errors },
      },
    },
    async (request) => {
      return listControlChanges(db, request.query.status, request.query.cursor, request.query.limit);
    },
  );

  app.get(
    "/operator/audit",
    {
      config: { operatorRoles: ["admin"] },
      schema: {
        tags: ["operators"],
        security,
        querystring: pageQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    async (request) => {
      return listAudit(db, request.query.cursor, request.query.limit);
    },
  );
}
