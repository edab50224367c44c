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
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { listControlChanges } from "./control-changes";
import { requireOperator as requireOperatorOf } from "./guard";
import {
  createInviteCode,
  listAudit,
  operatorLogin,
  operatorLogout,
  requireRole,
  toOperatorInfo,
} from "./service";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
const security = [{ bearer: [] }];

export function operatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const requireOperator = (request: FastifyRequest) => requireOperatorOf(context, request);

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

    app.post(
      "/operator/auth/logout",
      { schema: { tags: ["operators"], security, response: { 200: okResponse, ...errors } } },
      async (request) => {
        const { operator, tokenHash } = await requireOperator(request);
        await operatorLogout(db, clock, operator, tokenHash);
        return { ok: true as const };
      },
    );

    app.get(
      "/operator/me",
      { schema: { tags: ["operators"], security, response: { 200: operatorInfo, ...errors } } },
      async (request) => {
        const { operator } = await requireOperator(request);
        return toOperatorInfo(operator);
      },
    );

    app.post(
      "/operator/invite-codes",
      {
        schema: {
          tags: ["operators"],
          security,
          body: createInviteCodeRequest,
          response: { 200: inviteCode, ...errors },
        },
      },
      async (request) => {
        const { operator } = await requireOperator(request);
        requireRole(operator, ["support", "admin"]);
        return createInviteCode(db, clock, operator, request.body);
      },
    );

    app.get(
      "/operator/control-changes",
      {
        schema: {
          tags: ["operators"],
          security,
          description: "Changes of a control waiting for (or decided by) a second admin.",
          querystring: controlChangeQuery,
          response: { 200: controlChangePage, ...errors },
        },
      },
      async (request) => {
        const { operator } = await requireOperator(request);
        requireRole(operator, ["finance", "admin"]);
        return listControlChanges(db, request.query.status, request.query.cursor, request.query.limit);
      },
    );

    app.get(
      "/operator/audit",
      {
        schema: {
          tags: ["operators"],
          security,
          querystring: pageQuery,
          response: { 200: auditPage, ...errors },
        },
      },
      async (request) => {
        const { operator } = await requireOperator(request);
        requireRole(operator, ["admin"]);
        return listAudit(db, request.query.cursor, request.query.limit);
      },
    );
  };
}
