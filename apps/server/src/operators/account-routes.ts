import {
  changeOperatorRoleRequest,
  controlChange,
  createOperatorRequest,
  createOperatorResponse,
  idParams,
  operatorAccount,
  operatorAccountPage,
  operatorActionRequest,
  pageQuery,
  rolePermissionsList,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { controlChangeDecisionRoutes } from "../audit";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import {
  changeOperatorRole,
  createOperatorAccount,
  decideRoleChange,
  listOperators,
  operatorAccountAction,
} from "./accounts";
import { rolePermissions } from "./permissions";

const TAGS = ["operators"];
const schema = operatorRouteSchemas(TAGS);

/** Operators and roles (admin): the accounts, their roles and what each role may do. All audited. */
export function operatorAccountRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/operator/roles",
      {
        schema: schema({
          description: "Each role with the permission keys it holds.",
          response: { 200: rolePermissionsList },
        }),
      },
      async () => ({ items: rolePermissions() }),
    );

    app.get(
      "/operator/operators",
      { schema: schema({ querystring: pageQuery, response: { 200: operatorAccountPage } }) },
      async (request) => listOperators(db, request.query),
    );

    app.post(
      "/operator/operators",
      {
        schema: schema({
          description:
            "Creates an operator with a generated password (answered once); the authenticator is enrolled at the first sign-in. An admin is created as support with a role change a second admin approves.",
          body: createOperatorRequest,
          response: { 200: createOperatorResponse },
        }),
      },
      async (request) => createOperatorAccount(db, clock, request.operator, request.body),
    );

    app.patch(
      "/operator/operators/:id",
      {
        schema: schema({
          description:
            "Changes a role: at once (200) when it only takes permissions away, else proposed (202) for a second admin.",
          params: idParams,
          body: changeOperatorRoleRequest,
          response: { 200: operatorAccount, 202: controlChange },
        }),
      },
      async (request, reply) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        const outcome = await changeOperatorRole(db, clock, operator, id, request.body.role);
        if ("proposed" in outcome) return reply.status(202).send(outcome.proposed);
        return outcome.applied;
      },
    );

    for (const [path, action] of [
      ["disable", "disable"],
      ["enable", "enable"],
      ["reset-totp", "reset_totp"],
    ] as const) {
      app.post(
        `/operator/operators/:id/${path}`,
        {
          schema: schema({
            params: idParams,
            body: operatorActionRequest,
            response: { 200: operatorAccount },
          }),
        },
        async (request) => {
          const { operator } = request;
          const id = BigInt(request.params.id);
          const outcome = await operatorAccountAction(db, clock, operator, id, action, request.body.reason);
          // Disabled or reset: the operator's open consoles lose their sockets too.
          await context.events.publish("sessions.ended", outcome.endedSessions);
          return outcome.account;
        },
      );
    }

    controlChangeDecisionRoutes(app, TAGS, "/operator/operators/role-changes", (operator, id, decision) =>
      decideRoleChange(db, clock, operator, id, decision),
    );
  };
}
