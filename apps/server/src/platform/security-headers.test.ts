import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'sha256-x'"],
      upgradeInsecureRequests: null,
    },
  },
  hsts: false,
  crossOriginEmbedderPolicy: false,
};

/** What helmet itself writes onto a real response of node:http with these options. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((request, response) => {
    middleware(request, response, () => response.end("ok"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const skip = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
    return Object.fromEntries([...answer.headers].filter(([name]) => !skip.has(name)));
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  const app = Fastify();
  beforeAll(async () => {
    securityHeaders(app, OPTIONS);
    app.get("/plain", async () => ({ ok: true }));
    app.get("/sandboxed", async (_request, reply) =>
      reply.header("content-security-policy", "sandbox").send("file"),
    );
    app.get("/failing", async () => {
      throw new Error("boom");
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("are the ones helmet writes, on an answer, a missing page and a failure alike", async () => {
    const expected = await helmetOnARealResponse(OPTIONS);
    expect(expected["content-security-policy"]).toContain("script-src 'self' 'sha256-x'");
    expect(expected["x-frame-options"]).toBe("SAMEORIGIN");
    for (const url of ["/plain", "/missing", "/failing"]) {
      const answer = await app.inject(url);
      for (const [name, value] of Object.entries(expected)) {
        if (name === "content-type") continue;
        expect(answer.headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it("let a route set its own policy", async () => {
    const answer = await app.inject("/sandboxed");
    expect(answer.headers["content-security-policy"]).toBe("sandbox");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuse options helmet refuses, at start", () => {
    expect(() =>
      securityHeaders(Fastify(), { contentSecurityPolicy: { directives: { "bad name!": ["x"] } } }),
    ).toThrow();
  });
});
