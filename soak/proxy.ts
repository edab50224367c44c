/**
 * A small round-robin HTTP proxy in front of the server processes, as a load balancer would stand there.
 * A backend that refuses the connection (dead, or still starting) is skipped for the next one: nothing
 * was sent, so that is safe for any request. A backend that drops the connection after the request went
 * out answers 502 (the request may or may not have been applied: the client retries it with its
 * Idempotency-Key); none reachable answers 503. The proxy's own answers carry PROXY_HEADER.
 * WebSocket upgrades go round the same ring, a refused one to the next process; once joined, the two
 * sides close together, so a killed process drops its clients' sockets as a balancer would.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
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

  // Upgraded connections leave the HTTP server's books: closing the proxy ends them here.
  const joinedPairs = new Set<net.Socket>();
  const upgrade = (request: http.IncomingMessage, client: Duplex, head: Buffer, tried: number) => {
    if (tried >= backends.length) {
      client.end("HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n");
      return;
    }
    const backend = backends[next++ % backends.length];
    if (!backend) return;
    const upstream = net.connect(backend.port, "127.0.0.1");
    let joined = false;
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      // Refused before anything was sent: another process may take it.
      if (!joined && error.code === "ECONNREFUSED") upgrade(request, client, head, tried + 1);
      else client.destroy();
    });
    upstream.on("connect", () => {
      joined = true;
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let index = 0; index < request.rawHeaders.length; index += 2)
        lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
      joinedPairs.add(upstream);
      upstream.on("close", () => {
        joinedPairs.delete(upstream);
        client.destroy();
      });
      client.on("close", () => upstream.destroy());
    });
  };
  server.on("upgrade", (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    client.on("error", () => client.destroy());
    upgrade(request, client, head, 0);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        for (const upstream of joinedPairs) upstream.destroy();
        server.close(() => resolve());
      }),
  };
}
