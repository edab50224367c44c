import { errorBody } from "@tickfair/contract";
import type { FastifySchema } from "fastify";

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 423 | 429;

/** What a route says of itself: its params, query and body, and its answers when it succeeds. */
type RouteParts = Omit<FastifySchema, "tags" | "security" | "response"> & { response: object };

/**
 * The schemas of one plugin's routes. The plugin's tags, its bearer token (when its hook signs the
 * caller in) and the errors it answers are alike on every route it declares, so the OpenAPI document
 * (and bad-input.test.ts, generated from it) describes each of them in full.
 */
export function routeSchemas<const E extends ErrorStatus>(plugin: {
  tags: string[];
  signedIn: boolean;
  errors: readonly E[];
}) {
  const errors = Object.fromEntries(plugin.errors.map((status) => [status, errorBody])) as {
    [S in E]: typeof errorBody;
  };
  const shared = plugin.signedIn ? { tags: plugin.tags, security: [{ bearer: [] }] } : { tags: plugin.tags };
  return <P extends RouteParts>(parts: P) => ({
    ...shared,
    ...parts,
    response: { ...parts.response, ...errors } as P["response"] & typeof errors,
  });
}

/**
 * The schemas of a console plugin that reads and changes records: signed in as an operator, it may
 * answer bad input, signed out, not permitted, not found and a conflict with the record's state.
 */
export function operatorRouteSchemas(tags: string[]) {
  return routeSchemas({ tags, signedIn: true, errors: [400, 401, 403, 404, 409] });
}
