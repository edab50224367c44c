import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * A built app (the H5 app under /h5/, the operator console under /admin/), with every unknown path
 * under its prefix answered by index.html (history routing). Hashed chunks under <prefix>static/ are
 * cached for a year; everything else (index.html, the service worker, the manifest, icons) is
 * revalidated on every load, so a new version reaches browsers at once. Files are served as the build
 * compressed them (brotli, gzip).
 */
export async function serveBuiltApp(
  app: FastifyInstance,
  { dist, prefix, name }: { dist: string; prefix: `/${string}/`; name: string },
): Promise<void> {
  const page = { schema: { hide: true } };
  const staticPrefix = `${prefix}static/`;
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    app.log.warn(`no built ${name} at ${dist}; run npm run build`);
    return;
  }
  await app.register(async (web) => {
    web.addHook("onSend", async (request, reply) => {
      if (!request.url.startsWith(staticPrefix)) reply.header("cache-control", "no-cache");
      // Files go out brotli- or gzip-compressed as the browser accepts: a shared cache must keep them apart.
      const vary = reply.getHeader("vary");
      reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
    });
    await web.register(fastifyStatic, {
      root: dist,
      prefix,
      index: false,
      wildcard: false,
      maxAge: "365d",
      immutable: true,
      preCompressed: true,
    });
    const sendIndex = (_request: unknown, reply: FastifyReply) => reply.sendFile("index.html");
    web.get(prefix.slice(0, -1), page, (_request, reply) => reply.redirect(prefix));
    web.get(prefix, page, sendIndex);
    web.get(`${prefix}*`, page, (request, reply) => {
      const url = request.url.split("?")[0] ?? "";
      if (url.startsWith(staticPrefix) || /\.[a-z0-9]{2,5}$/i.test(url)) {
        return reply.status(404).type("text/plain").send("Not found");
      }
      return sendIndex(request, reply);
    });
  });
}
