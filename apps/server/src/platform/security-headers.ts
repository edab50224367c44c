import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

type Headers = Record<string, string>;

/**
 * The headers helmet sets with these options, worked out once. Helmet is a middleware that writes them
 * onto each response; built again for every answer (as @fastify/helmet does) it parsed the policy's
 * directives each time, 3 % of a busy server's CPU in the chat bench. Here it writes them once onto a
 * recorder, and every answer copies the list.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Headers> {
  const headers: Headers = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // No directive is a function of the request, so the request is never read.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  return headers;
}

/** Every answer carries helmet's headers for these options; a route may still set its own. */
export function securityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
