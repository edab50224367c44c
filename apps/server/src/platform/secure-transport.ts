import type { FastifyInstance } from "fastify";

/**
 * Tells browsers to stay on HTTPS (HSTS, CSP upgrade-insecure-requests) only on a request that came
 * over HTTPS: TLS here, a trusted proxy's X-Forwarded-Proto, or the host named by an https
 * PUBLIC_URL. Sent over plain HTTP — a phone opening the server's LAN address — the upgrade would
 * send every script to an https address that does not answer.
 */
export function secureTransportHeaders(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicHttpsHost = publicUrl?.startsWith("https:") ? new URL(publicUrl).host : undefined;
  app.addHook("onSend", async (request, reply) => {
    const secure =
      request.protocol === "https" || (publicHttpsHost !== undefined && request.host === publicHttpsHost);
    if (!secure) return;
    reply.header("strict-transport-security", "max-age=15552000; includeSubDomains");
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string")
      reply.header("content-security-policy", `${policy};upgrade-insecure-requests`);
  });
}
