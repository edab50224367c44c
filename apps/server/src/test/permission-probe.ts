import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll } from "vitest";

/**
 * What a permission-matrix test needs besides its rows: the answer classes, the actors in column order,
 * and a probe that sees every route the app registers and which calls reached their handler. The
 * matrix is split over several files (permissions.test.ts and the console's, console-permissions.test.ts);
 * each runs its own rows, and the route-completeness checks read them all (console-permission-rows.ts).
 */

/**
 * "ok": the call got past authentication and authorization and reached the handler (not 401, 403 or
 * 5xx; the handler may still refuse for its own reasons: 400, 404, 409...). On routes naming another
 * user's resource, "other" is 404: invisible, not forbidden.
 */
export type Outcome = "ok" | 401 | 403 | 404;
export const ACTORS = ["anonymous", "user", "other", "support", "finance", "admin"] as const;
export type ActorName = (typeof ACTORS)[number];
export type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

export interface Parser {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}
export interface SeenRoute {
  schema: { params?: Parser; querystring?: Parser; body?: Parser };
}

const isParser = (value: unknown): value is Parser =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "safeParse") === "function";
const parserOf = (schema: unknown, part: string): Parser | undefined => {
  if (typeof schema !== "object" || schema === null) return undefined;
  const value: unknown = Reflect.get(schema, part);
  return isParser(value) ? value : undefined;
};

export const PROBE_HEADER = "x-permission-probe";

/**
 * Sees every route the apps built in this file register, hidden ones included, through an onRoute hook
 * that Fastify's `fastify.initialization` channel lets us add before buildApp registers any; and which
 * probe ids (PROBE_HEADER) passed validation and reached the handler stage. Call at module level.
 */
export function probeRoutes(): { seen: Map<string, SeenRoute>; reached: Set<string> } {
  const seen = new Map<string, SeenRoute>();
  const reached = new Set<string>();
  const instrument = (message: unknown): void => {
    if (typeof message !== "object" || message === null) return;
    const fastify: unknown = Reflect.get(message, "fastify");
    if (typeof fastify !== "object" || fastify === null) return;
    const app = fastify as FastifyInstance;
    app.addHook("onRoute", (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = {
        params: parserOf(route.schema, "params"),
        querystring: parserOf(route.schema, "querystring"),
        body: parserOf(route.schema, "body"),
      };
      for (const method of methods) seen.set(`${method} ${route.url}`, { schema });
    });
    app.addHook("preHandler", async (request) => {
      const probe = request.headers[PROBE_HEADER];
      if (typeof probe === "string") reached.add(probe);
    });
  };
  diagnostics.subscribe("fastify.initialization", instrument);
  afterAll(() => diagnostics.unsubscribe("fastify.initialization", instrument));
  return { seen, reached };
}

export interface Answer {
  status: number;
  reached: boolean;
  body: string;
}

/** Whether an answer is of the expected class; a refusal is only as good as the input it was given. */
export function matches(expected: Outcome, answer: Answer): boolean {
  if (expected === "ok") {
    return answer.reached && answer.status !== 401 && answer.status !== 403 && answer.status < 500;
  }
  if (expected === 404) return answer.reached && answer.status === 404;
  return answer.status === expected;
}
