import { type ControlChange, controlChange, idParams, rejectControlChangeRequest } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operatorRouteSchemas } from "../platform/route-schema";
import type { Operator } from "../platform/schema";

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Decision = { approve: true } | { approve: false; reason: string };

/**
 * The second admin's two answers to a proposed change of a control, `<path>/:id/approve` and
 * `<path>/:id/reject` (with a reason): the same two routes for every control, each capability saying
 * only how its control is decided.
 */
export function controlChangeDecisionRoutes(
  app: ZodApp,
  tags: string[],
  path: string,
  decide: (operator: Operator, id: bigint, decision: Decision) => Promise<ControlChange>,
): void {
  const schema = operatorRouteSchemas(tags);
  app.post(
    `${path}/:id/approve`,
    { schema: schema({ params: idParams, response: { 200: controlChange } }) },
    async (request) => decide(request.operator, BigInt(request.params.id), { approve: true }),
  );
  app.post(
    `${path}/:id/reject`,
    {
      schema: schema({
        params: idParams,
        body: rejectControlChangeRequest,
        response: { 200: controlChange },
      }),
    },
    async (request) =>
      decide(request.operator, BigInt(request.params.id), { approve: false, reason: request.body.reason }),
  );
}
