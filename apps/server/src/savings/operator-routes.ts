import {
  savingsOverview as savingsOverviewSchema,
  savingsRateChange,
  savingsRateEntry,
  savingsSettings,
  savingsSettingsChange,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { savingsOverview } from "./overview";
import { scheduleRate } from "./rates";
import { savingsNow } from "./service";
import { changeSavingsSettings } from "./settings";

const schema = routeSchemas({ tags: ["operator savings"], signedIn: true, errors: [400, 401, 403] });

/** The console's Yu'ebao: the overview, a rate for a future day, the cut-off and limits. All audited. */
export function savingsOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const deps = { clock: context.clock, timeZone: context.config.PLATFORM_TZ };
  return async (app) => {
    app.get(
      "/operator/savings",
      { schema: schema({ response: { 200: savingsOverviewSchema } }) },
      async () => {
        const { moment, rules } = await savingsNow(context.db, deps);
        return savingsOverview(context.db, moment, rules.history);
      },
    );

    app.post(
      "/operator/savings/rates",
      { schema: schema({ body: savingsRateChange, response: { 201: savingsRateEntry } }) },
      async (request, reply) => {
        const { operator } = request;
        const { moment } = await savingsNow(context.db, deps);
        const entry = await scheduleRate(context.db, context.clock, operator, request.body, moment.today);
        return reply.status(201).send(entry);
      },
    );

    app.put(
      "/operator/savings/settings",
      { schema: schema({ body: savingsSettingsChange, response: { 200: savingsSettings } }) },
      async (request) => {
        const { operator } = request;
        const { reason, ...settings } = request.body;
        return changeSavingsSettings(context.db, context.clock, operator, settings, reason);
      },
    );
  };
}
