import {
  auditPage,
  controlChangePage,
  controlChangeQuery,
  createInviteCodeRequest,
  inviteCode,
  okResponse,
  operatorInfo,
  operatorLoginRequest,
  operatorSessionResponse,
  pageQuery,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { newSessionAnswer } from "../platform/sign-in";
import { listControlChanges } from "./control-changes";
import { forRoles, requireSignedInOperator, signedInOperator } from "./guard";
import { createInviteCode, listAudit, operatorLogin, operatorLogout, toOperatorInfo } from "./service";

const errors = [400, 401, 403, 429] as const;
const openSchema = routeSchemas({ tags: ["operators"], signedIn: false, errors });
const schema = routeSchemas({ tags: ["operators"], signedIn: true, errors });

export function operatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;

  return async (app) => {
    app.post(
      "/operator/auth/login",
      {
        schema: openSchema({ body: operatorLoginRequest, response: { 200: operatorSessionResponse } }),
        config: { rateLimit: { max: context.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" } },
      },
      async (request) => {
        const session = await operatorLogin(db, clock, request.body);
        return { ...newSessionAnswer(session), operator: toOperatorInfo(session.operator) };
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
    { schema: schema({ response: { 200: okResponse } }) },
    async (request) => {
      const { operator, tokenHash } = signedInOperator(request);
      await operatorLogout(db, clock, operator, tokenHash);
      return { ok: true as const };
    },
  );

  app.get("/operator/me", { schema: schema({ response: { 200: operatorInfo } }) }, async (request) => {
    const { operator } = signedInOperator(request);
    return toOperatorInfo(operator);
  });

  app.post(
    "/operator/invite-codes",
    forRoles(["support", "admin"], schema({ body: createInviteCodeRequest, response: { 200: inviteCode } })),
    async (request) => {
      const { operator } = signedInOperator(request);
      return createInviteCode(db, clock, operator, request.body);
    },
  );

  app.get(
    "/operator/control-changes",
    forRoles(
      ["finance", "admin"],
      schema({
        description: "Changes of a control waiting for (or decided by) a second admin.",
        querystring: controlChangeQuery,
        response: { 200: controlChangePage },
      }),
    ),
    async (request) => listControlChanges(db, request.query),
  );

  app.get(
    "/operator/audit",
    forRoles(["admin"], schema({ querystring: pageQuery, response: { 200: auditPage } })),
    async (request) => listAudit(db, request.query),
  );
}
