import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "./config";

export type LogFormat = "pretty" | "json";

/** What the logger needs to know of the place it writes to. */
export interface LogTarget {
  /** Whether stdout is a terminal (someone reading), rather than a file, a pipe or a collector. */
  isTerminal: boolean;
}

/** Pino's options for the app's logger, as Fastify takes them. */
export type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/**
 * Readable lines for a person at a terminal, one JSON object a line for anything that collects logs;
 * `LOG_FORMAT` overrides the guess (a terminal recorded for later, a collector given a pseudo-terminal).
 */
export function logFormat(config: Pick<Config, "LOG_FORMAT">, target: LogTarget): LogFormat {
  return config.LOG_FORMAT ?? (target.isTerminal ? "pretty" : "json");
}

/**
 * The app's logger. Pretty lines are written by pino-pretty in pino's worker thread, which loads it
 * only then: a JSON log never pays for it. The level is `LOG_LEVEL` (info by default), under which the
 * request lines (`logRequests`, at debug) stay out and warnings and errors always show.
 */
export function loggerOptions(
  config: Pick<Config, "LOG_FORMAT" | "LOG_LEVEL">,
  target: LogTarget,
): LoggerOptions {
  const level = config.LOG_LEVEL;
  if (logFormat(config, target) === "json") return { level };
  return {
    level,
    transport: {
      target: "pino-pretty",
      options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true },
    },
  };
}

/** The level of a request's line: below the default, so it shows only when asked for. */
export const REQUEST_LOG_LEVEL = "debug";

/**
 * A request's lines at debug level, in place of Fastify's at info: "incoming request" when it is taken
 * in (what a shutdown or a hang is read from), then "request" once it is answered with its method,
 * route, status and milliseconds. Under the default level a busy server's log shows what went wrong,
 * not every poll; a failure is still logged as an error by the error handler. Fastify's own request
 * lines are turned off where the app is made (its log controller).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    request.log[REQUEST_LOG_LEVEL](
      { method: request.method, url: request.url.split("?")[0] },
      "incoming request",
    );
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log[REQUEST_LOG_LEVEL](
      {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  });
}
