import { solvency, solvencyProof } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { proofFor, solvencyRoots } from "./published";

const publicSchema = routeSchemas({ tags: ["solvency"], signedIn: false, errors: [] });
const userSchema = routeSchemas({ tags: ["solvency"], signedIn: true, errors: [401, 404] });

/** The published roots and totals: anyone may read and keep them. */
export function solvencyPublicRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/solvency", { schema: publicSchema({ response: { 200: solvency } }) }, () =>
      solvencyRoots(context.db),
    );
  };
}

/** The signed-in user's own proof. It takes no input: the session says whose leaf it is. */
export function solvencyRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/solvency/proof",
      { schema: userSchema({ response: { 200: solvencyProof } }) },
      async (request, reply) => {
        reply.header("cache-control", "private, no-store");
        return proofFor(context.db, request.user.id);
      },
    );
  };
}
