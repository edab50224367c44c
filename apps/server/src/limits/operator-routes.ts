import { idString, limitFigures, operatorUserLimits, operatorUserLimitsQuery } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth";
import type { RouteContext } from "../platform/context";
import type { Executor } from "../platform/db";
import { routeSchemas } from "../platform/route-schema";
import { limitFiguresView, operatorUserLimitsView } from "./operator-views";
import type { LimitUsage } from "./view";

/** What the console's view reads of other capabilities (app.ts passes the user routes' LimitsDeps). */
export interface LimitsOperatorDeps {
  usage(db: Executor, userId: bigint, now: Date): Promise<LimitUsage>;
}

const schema = routeSchemas({ tags: ["operator limits"], signedIn: true, errors: [400, 401, 403, 404] });
const userParams = z.object({ id: idString });

/**
 * The console's view of responsible trading: a user's limits and their history, and
 * the platform's figures. Read-only on purpose: limits are the user's to set, and an operator who could
 * loosen or lift one would defeat it (ARCHITECTURE §5), so there is no write route here at all.
 */
export function limitsOperatorRoutes(context: RouteContext, deps: LimitsOperatorDeps): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/operator/users/:id/limits",
      {
        schema: schema({
          description:
            "The user's limits as they see them (what each period used, loosenings still waiting), the break in force, and a page of the changes they asked for, newest first, cancelled ones included.",
          params: userParams,
          querystring: operatorUserLimitsQuery,
          response: { 200: operatorUserLimits },
        }),
      },
      async (request) => {
        const userId = BigInt(request.params.id);
        await requireUser(db, userId);
        const now = clock.now();
        const usage = await deps.usage(db, userId, now);
        return operatorUserLimitsView(db, userId, usage, request.query, now);
      },
    );

    app.get(
      "/operator/limits/figures",
      {
        schema: schema({
          description:
            "Users with limits in force (in all and per kind), loosenings waiting their 24 hours, and time-outs and self-exclusions in force.",
          response: { 200: limitFigures },
        }),
      },
      async () => limitFiguresView(db, clock.now()),
    );
  };
}
