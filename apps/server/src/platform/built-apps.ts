import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { parseCookie } from "cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** What the build prerendered (apps/web/scripts/prerender.ts): which file answers which address. */
interface PrerenderedPages {
  /** The cookie that holds the visitor's language; without it (or an unknown one), `defaultLocale`. */
  cookie: string;
  defaultLocale: string;
  locales: string[];
  /** Address under the prefix → page name; its file is prerendered/<page>.<locale>.html. */
  pages: Record<string, string>;
  /** Pages drawn for a signed-out visitor: one whose `signedInCookie` is set gets index.html. */
  guestPages?: string[];
  signedInCookie?: string;
}

function readPrerendered(dist: string): PrerenderedPages | null {
  const file = path.join(dist, "prerendered", "pages.json");
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as PrerenderedPages) : null;
}

/** Every page a built app sends: index.html and the prerendered ones (whose inline scripts the CSP allows). */
export function builtPages(dist: string): string[] {
  const prerendered = path.join(dist, "prerendered");
  const pages = fs.existsSync(prerendered)
    ? fs.readdirSync(prerendered).filter((file) => file.endsWith(".html"))
    : [];
  return [path.join(dist, "index.html"), ...pages.map((file) => path.join(prerendered, file))];
}

/**
 * A built app (the H5 app under /h5/, the operator console under /admin/), with every unknown path
 * under its prefix answered by index.html (history routing), or by the page the build prerendered for
 * that address in the visitor's language. Hashed chunks under <prefix>static/ are
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
    const prerendered = readPrerendered(dist);
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      const address = (request.url.split("?")[0] ?? "").slice(prefix.length - 1) || "/";
      const page = prerendered?.pages[address];
      if (!prerendered || !page) return reply.sendFile("index.html");
      const cookies = parseCookie(request.headers.cookie ?? "");
      // The same address answers differently by language and session: a shared cache must keep them apart.
      reply.header("vary", "cookie");
      const signedIn = prerendered.signedInCookie && cookies[prerendered.signedInCookie] !== undefined;
      if (signedIn && prerendered.guestPages?.includes(page)) return reply.sendFile("index.html");
      const chosen = cookies[prerendered.cookie] ?? "";
      const locale = prerendered.locales.includes(chosen) ? chosen : prerendered.defaultLocale;
      return reply.sendFile(`prerendered/${page}.${locale}.html`);
    };
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
