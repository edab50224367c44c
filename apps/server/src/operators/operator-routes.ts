import {
  AUDIT_CSV_MAX_ROWS,
  auditFilters,
  auditPage,
  auditQuery,
  controlChangePage,
  controlChangeQuery,
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
import { sendCsv } from "../platform/csv";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { newSessionAnswer } from "../platform/sign-in";
import { operatorAccountRoutes } from "./account-routes";
import { listAudit } from "./audit";
import { auditCsv } from "./audit-csv";
import { listControlChanges } from "./control-changes";
import { dashboardRoutes } from "./dashboard-routes";
import { requireSignedInOperator, signedInOperator } from "./guard";
import { createInviteCode, recordListExport, toOperatorInfo } from "./service";
import { logoutEverywhere, operatorLogout } from "./sessions";
import { completeOperatorSignIn, startOperatorSignIn } from "./sign-in";

const errors = [400, 401, 403, 429] as const;
const openSchema = routeSchemas({ tags: ["operators"], signedIn: false, errors });
const schema = routeSchemas({ tags: ["operators"], signedIn: true, errors });

export function operatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
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

    // Everything after this needs a signed-in operator.
    await app.register(async (signedIn) => signedInRoutes(signedIn, context));
    await app.register(dashboardRoutes(context));
    await app.register(operatorAccountRoutes(context));
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
      const ended = await logoutEverywhere(db, clock, signedInOperator(request).operator);
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
    async (request) => toOperatorInfo(signedInOperator(request).operator),
  );

  app.post(
    "/operator/invite-codes",
    { schema: schema({ body: createInviteCodeRequest, response: { 200: inviteCode } }) },
    async (request) => {
      const { operator } = signedInOperator(request);
      return createInviteCode(db, clock, operator, request.body);
    },
  );

  app.get(
    "/operator/control-changes",
    {
      schema: schema({
        description: "Changes of a control waiting for (or decided by) a second admin.",
        querystring: controlChangeQuery,
        response: { 200: controlChangePage },
      }),
    },
    async (request) => listControlChanges(db, request.query),
  );

  app.get(
    "/operator/audit",
    {
      schema: schema({
        description:
          "The audit log, newest first, narrowed by operator (username), action, record (type, and id) and time (`from` inclusive, `to` exclusive).",
        querystring: auditQuery,
        response: { 200: auditPage },
      }),
    },
    async (request) => listAudit(db, request.query),
  );

  app.get(
    "/operator/audit.csv",
    {
      schema: {
        tags: ["operators"],
        security: [{ bearer: [] }],
        description: `The audit log with the same filters as a CSV file (UTF-8 with BOM, header in the caller's language, times in PLATFORM_TZ), newest first, at most ${AUDIT_CSV_MAX_ROWS} rows (the X-Row-Limit header). The export itself is audited.`,
        querystring: auditFilters,
      },
    },
    async (request, reply) => {
      const { operator } = signedInOperator(request);
      const file = await auditCsv(db, request.query, {
        locale: requestLocale(request),
        timeZone: context.config.PLATFORM_TZ,
      });
      await recordListExport(db, clock, operator.id, {
        action: "audit.export",
        targetType: "audit_log",
        filters: request.query,
      });
      return sendCsv(reply, file, "tickfair-audit-log.csv", AUDIT_CSV_MAX_ROWS);
    },
  );
}
