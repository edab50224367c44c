import { Writable } from "node:stream";
import Fastify, { LogController } from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandling } from "./error-handler";
import { type LoggerOptions, logFormat, loggerOptions, logRequests } from "./logging";

const terminal = { isTerminal: true };
const pipe = { isTerminal: false };

/** A Fastify app logging through `options` (less the transport) into memory, with the app's error handling. */
async function appLoggingTo(options: LoggerOptions, lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level: options.level, stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  installErrorHandling(app);
  logRequests(app);
  app.get("/items/:id", async (request) => {
    request.log.warn("a warning");
    return { ok: true };
  });
  app.get("/broken", async () => {
    throw new Error("boom");
  });
  await app.ready();
  return app;
}

describe("log format", () => {
  it("is readable at a terminal and JSON otherwise, unless LOG_FORMAT says", () => {
    expect(logFormat({ LOG_FORMAT: undefined }, terminal)).toBe("pretty");
    expect(logFormat({ LOG_FORMAT: undefined }, pipe)).toBe("json");
    expect(logFormat({ LOG_FORMAT: "json" }, terminal)).toBe("json");
    expect(logFormat({ LOG_FORMAT: "pretty" }, pipe)).toBe("pretty");
  });

  it("loads pino-pretty only for readable lines", () => {
    expect(loggerOptions({ LOG_FORMAT: undefined, LOG_LEVEL: "info" }, pipe)).toEqual({ level: "info" });
    const pretty = loggerOptions({ LOG_FORMAT: undefined, LOG_LEVEL: "debug" }, terminal);
    expect(pretty.level).toBe("debug");
    expect(pretty.transport).toMatchObject({ target: "pino-pretty" });
  });
});

describe("log levels", () => {
  it("at the default level, leaves requests out and keeps warnings and errors", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(loggerOptions({ LOG_FORMAT: undefined, LOG_LEVEL: "info" }, pipe), lines);
    await app.inject("/items/7");
    await app.inject("/broken");
    await app.close();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, "a warning"],
      [50, "request failed"],
    ]);
  });

  it("at debug, writes a request's arrival, then its method, route, status and time", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingTo(loggerOptions({ LOG_FORMAT: undefined, LOG_LEVEL: "debug" }, pipe), lines);
    await app.inject("/items/7?full=1");
    await app.close();
    expect(lines.filter((line) => line.msg === "incoming request")).toMatchObject([
      { level: 20, method: "GET", url: "/items/7" },
    ]);
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: 20, method: "GET", route: "/items/:id", status: 200 });
    expect(requests[0]?.ms).toEqual(expect.any(Number));
  });
});
