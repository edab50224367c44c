import {
  appInfo,
  clockAdvanceRequest,
  clockAdvanceResponse,
  errorBody,
  healthResponse,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { RouteContext } from "../platform/context";
import { ShiftedClock } from "./clock";
import { AppError } from "./errors";
import { relyingParty } from "./relying-party";

export const APP_VERSION = "1.0.0";

export function systemRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      { schema: { tags: ["system"], response: { 200: healthResponse, 503: errorBody } } },
      async () => {
        if (context.lifecycle.shuttingDown) throw new AppError("SERVICE_UNAVAILABLE");
        await sql`select 1`.execute(context.db);
        return { status: "ok" as const, database: "ok" as const, time: context.clock.now().toISOString() };
      },
    );

    app.get("/app", { schema: { tags: ["system"], response: { 200: appInfo } } }, async (request) => ({
      name: "Tickfair",
      version: APP_VERSION,
      demoMode: context.config.DEMO_MODE,
      platformTimeZone: context.config.PLATFORM_TZ,
      currency: "USD",
      serverTime: context.clock.now().toISOString(),
      restrictedCountries: context.config.RESTRICTED_COUNTRIES,
      defaultCountry: context.config.DEFAULT_COUNTRY,
      passkeys: relyingParty(context.config.PUBLIC_URL, request) !== null,
    }));
  };
}

/**
 * Journeys only: a server started with CLOCK_CONTROL (demo mode) on a ShiftedClock lets its clock be
 * moved forward, so a journey sees tomorrow's savings confirmation and income. Anywhere else the route
 * does not exist.
 */
export function clockControlRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { clock } = context;
    if (!context.config.CLOCK_CONTROL || !context.config.DEMO_MODE || !(clock instanceof ShiftedClock))
      return;
    app.post(
      "/system/clock",
      { schema: { tags: ["system"], body: clockAdvanceRequest, response: { 200: clockAdvanceResponse } } },
      async (request) => {
        clock.advance(request.body.seconds * 1000);
        return { time: clock.now().toISOString() };
      },
    );
  };
}
