import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Operator, User } from "./schema";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user. Set by the user scope's hook, so only user routes read it. */
    user: User;
    /** The signed-in operator. Set by the operator scope's hook, so only operator routes read it. */
    operator: Operator;
    /** The hash of the session token the request was signed with (either scope). */
    sessionTokenHash: string;
  }
}

/**
 * Declares the signed-in fields on every request before any is made, so requests keep one shape
 * (Fastify's decorateRequest) whether or not a scope's hook fills them. Unset they are null, which the
 * types hide: only routes inside a scope read them, after its hook set them.
 */
export function declareSignedInFields(app: FastifyInstance): void {
  const unset = null as never;
  app.decorateRequest("user", unset);
  app.decorateRequest("operator", unset);
  app.decorateRequest("sessionTokenHash", unset);
}

/** What signs a request in: it sets the scope's fields or throws (before the body is parsed). */
export type SignIn = (request: FastifyRequest) => Promise<void>;

/**
 * Registers `routes` inside one encapsulated scope whose onRequest hook is `signIn`: every route in
 * it needs a signed-in caller, and a route file cannot forget to ask, because it never asks.
 */
export async function registerScope(
  api: FastifyInstance,
  signIn: SignIn,
  routes: readonly FastifyPluginAsyncZod[],
): Promise<void> {
  await api.register(async (scope) => {
    scope.addHook("onRequest", signIn);
    for (const plugin of routes) await scope.register(plugin);
  });
}
