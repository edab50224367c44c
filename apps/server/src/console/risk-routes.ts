import {
  deskPage as deskPageSchema,
  deskQuery,
  riskExposure as riskExposureSchema,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import { deskPage } from "./desk";
import { riskExposure } from "./risk";

const schema = operatorRouteSchemas(["operator risk"]);

/**
 * Requests that arrive while a read is running get that read's answer: every console asks for the
 * board on the same "risk.changed", and the board reads every open contract, so a hundred consoles
 * cost one read, not a hundred. Nothing is kept after it: the next request reads afresh.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * The house's exposure on open contracts and the order desk: read models for every console role
 * (risk.read). Nothing here sets a limit or touches a contract; the consoles hear "risk.changed" and
 * ask again.
 */
export function consoleRiskRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const exposure = sharedRead(() => riskExposure(db, clock.now()));
  return async (app) => {
    app.get(
      "/operator/risk/exposure",
      {
        schema: schema({
          description:
            "Open stakes (pending and open contracts), what each side is owed if it wins and the house's result under each outcome, per product, direction and expiry minute, in total, and the largest positions.",
          response: { 200: riskExposureSchema },
        }),
      },
      async () => exposure(),
    );
    app.get(
      "/operator/desk",
      {
        schema: schema({
          description:
            "New orders, deposits and withdrawals, newest first (deposits and withdrawals to their reviewers only), filterable by kind, product and user account.",
          querystring: deskQuery,
          response: { 200: deskPageSchema },
        }),
      },
      async (request) => deskPage(db, request.operator, request.query),
    );
  };
}
