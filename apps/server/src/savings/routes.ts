import {
  savingsHistory,
  savingsMoveRequest,
  savingsMoveResponse,
  savingsRecordPage,
  savingsRecordQuery,
  savingsRules as savingsRulesSchema,
  savingsSummary as savingsSummarySchema,
  toMinor,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { moveMoney } from "../platform/idempotency";
import { routeSchemas } from "../platform/route-schema";
import { bringSaverUpToDate, moveSavings, type SavingsDeps, savingsNow } from "./service";
import { savingsHistory as historyOf, listSavingsRecords, savingsRules, savingsSummary } from "./summary";

const schema = routeSchemas({ tags: ["savings"], signedIn: true, errors: [400, 401, 409, 422] });
const publicSchema = routeSchemas({ tags: ["savings"], signedIn: false, errors: [] });

const depsOf = (context: RouteContext): SavingsDeps => ({
  db: context.db,
  clock: context.clock,
  timeZone: context.config.PLATFORM_TZ,
});

/** The rules page is for anyone deciding whether to save: no session needed. */
export function savingsRulesRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/savings/rules",
      { schema: publicSchema({ response: { 200: savingsRulesSchema } }) },
      async () => {
        const { moment, rules } = await savingsNow(context.db, depsOf(context));
        return savingsRules(moment, rules);
      },
    );
  };
}

/** The saver's Yu'ebao: the page, its history and records, and moves in and out. */
export function savingsRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const deps = depsOf(context);

  /** Reads the saver's state after paying them what the accrual job has not reached yet. */
  const upToDate = async (userId: bigint) => {
    const now = await savingsNow(context.db, deps);
    if (await bringSaverUpToDate(context.db, userId, now.moment, now.rules))
      void context.events.publish("account.updated", [userId]);
    return now;
  };

  return async (app) => {
    app.get("/savings", { schema: schema({ response: { 200: savingsSummarySchema } }) }, async (request) => {
      const { user } = request;
      const { moment, rules } = await upToDate(user.id);
      return savingsSummary(context.db, user.id, moment, rules);
    });

    app.get(
      "/savings/history",
      { schema: schema({ response: { 200: savingsHistory } }) },
      async (request) => {
        const { user } = request;
        const { moment, rules } = await upToDate(user.id);
        return { items: await historyOf(context.db, user.id, moment, rules.history) };
      },
    );

    app.get(
      "/savings/records",
      { schema: schema({ querystring: savingsRecordQuery, response: { 200: savingsRecordPage } }) },
      async (request) => {
        const { user } = request;
        await upToDate(user.id);
        return listSavingsRecords(context.db, user.id, request.query);
      },
    );

    for (const direction of ["in", "out"] as const)
      app.post(
        `/savings/move-${direction}`,
        { schema: schema({ body: savingsMoveRequest, response: { 201: savingsMoveResponse } }) },
        async (request, reply) => {
          const { user } = request;
          const amount = toMinor(request.body.amount);
          const answer = await moveMoney(context, request, reply, user.id, 201, (tx) =>
            moveSavings(tx, deps, user.id, direction, amount),
          );
          if (!reply.hasHeader("idempotent-replayed"))
            void context.events.publish("savings.updated", [user.id]);
          return answer;
        },
      );
  };
}
