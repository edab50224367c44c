/**
 * A small round-robin HTTP proxy in front of the server processes, as a load balancer would stand there.
 * A backend that refuses the connection (dead, or still starting) is skipped for the next one: nothing
 * was sent, so that is safe for any request. A backend that drops the connection after the request went
 * out answers 502 (the request may or may not have been applied: the client retries it with its
 * Idempotency-Key); none reachable answers 503. The proxy's own answers carry PROXY_HEADER.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PROXY_HEADER } from "./http-client";

const UPSTREAM_TIMEOUT_MS = 25_000;

export interface Proxy {
  origin: string;
  close(): Promise<void>;
}

export async function startProxy(backends: readonly { port: number }[]): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let next = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => forward(request, response, Buffer.concat(chunks), 0));
  });

  const answer = (response: http.ServerResponse, status: number, code: string) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const body = JSON.stringify({ error: { code, message: `soak proxy: ${code}` } });
    response.writeHead(status, { "content-type": "application/json", [PROXY_HEADER]: "1" });
    response.end(body);
  };

  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    body: Buffer,
    tried: number,
  ) => {
    if (tried >= backends.length) {
      answer(response, 503, "NO_BACKEND");
      return;
    }
    const backend = backends[next++ % backends.length];
    if (!backend) return;
    const headers = { ...request.headers, "content-length": String(body.length) };
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
        timeout: UPSTREAM_TIMEOUT_MS,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
        reply.on("error", () => response.destroy());
        reply.on("aborted", () => response.destroy());
      },
    );
    upstream.on("timeout", () => upstream.destroy(new Error("upstream timed out")));
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") forward(request, response, body, tried + 1);
      else answer(response, error.message === "upstream timed out" ? 504 : 502, "BACKEND_WENT_AWAY");
    });
    upstream.end(body);
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
