import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestApp } from "./test/harness";

// A built web app as the build leaves it: each static file beside its brotli and gzip twins.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-web-"));
const chunk = `console.log(${JSON.stringify("tickfair ".repeat(400))});`;
fs.mkdirSync(path.join(webDist, "static", "js"), { recursive: true });
const shellScript = 'document.getElementById("app-shell").dataset.screen = "home";';
fs.writeFileSync(
  path.join(webDist, "index.html"),
  `<!doctype html><title>Tickfair</title><div id="app-shell"></div><script>${shellScript}</script>`,
);
fs.writeFileSync(path.join(webDist, "sw.js"), "self.addEventListener('fetch', () => {});");
fs.writeFileSync(path.join(webDist, "static", "js", "home-abc123.js"), chunk);
fs.writeFileSync(path.join(webDist, "static", "js", "home-abc123.js.br"), zlib.brotliCompressSync(chunk));
fs.writeFileSync(path.join(webDist, "static", "js", "home-abc123.js.gz"), zlib.gzipSync(chunk));

// The operator console as its build leaves it, beside the web app.
const adminDist = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-admin-"));
const adminChunk = `console.log(${JSON.stringify("console ".repeat(400))});`;
fs.mkdirSync(path.join(adminDist, "static", "js"), { recursive: true });
fs.writeFileSync(path.join(adminDist, "index.html"), "<!doctype html><title>Tickfair Console</title>");
fs.writeFileSync(path.join(adminDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
fs.writeFileSync(path.join(adminDist, "static", "js", "sign-in-def456.js"), adminChunk);
fs.writeFileSync(
  path.join(adminDist, "static", "js", "sign-in-def456.js.br"),
  zlib.brotliCompressSync(adminChunk),
);
fs.writeFileSync(path.join(adminDist, "static", "js", "sign-in-def456.js.gz"), zlib.gzipSync(adminChunk));

describe("a phone on the local network, over plain HTTP", () => {
  const t = useTestApp({ WEB_DIST: webDist });

  it("is never told to upgrade to HTTPS, so scripts load from the LAN address", async () => {
    for (const headers of [
      { host: "192.168.1.20:8080" },
      { host: "192.168.1.20:8080", "x-forwarded-proto": "https" },
    ]) {
      const page = await t.app.inject({ method: "GET", url: "/h5/", headers });
      expect(page.statusCode).toBe(200);
      expect(String(page.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
      expect(page.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("runs the shell's inline script, allowed by its hash alone", async () => {
    const page = await t.app.inject({ method: "GET", url: "/h5/pages/index/index" });
    const scriptSources = /script-src ([^;]*)/.exec(String(page.headers["content-security-policy"]))?.[1];
    const hash = createHash("sha256").update(shellScript).digest("base64");
    expect(scriptSources).toBe(`'self' 'sha256-${hash}'`);
  });

  it("gets the web app's files compressed at build, with immutable caching", async () => {
    const url = "/h5/static/js/home-abc123.js";
    const brotli = await t.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(String(brotli.headers["cache-control"])).toContain("immutable");
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(chunk);

    const gzip = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(chunk);

    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it("revalidates what is not a hashed chunk, so a new version reaches phones at once", async () => {
    for (const url of ["/h5/", "/h5/sw.js", "/h5/pages/user/user"]) {
      const answer = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("gets large API answers compressed and small ones as they are", async () => {
    const large = await t.app.inject({
      method: "GET",
      url: "/api/v1/market/products",
      headers: { "accept-encoding": "br" },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    const products = JSON.parse(zlib.brotliDecompressSync(large.rawPayload).toString());
    expect(products.items.length).toBeGreaterThan(0);

    const small = await t.app.inject({
      method: "GET",
      url: "/api/v1/health",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().status).toBe("ok");
  });

  it("does not inflate a compressed request body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: zlib.gzipSync(JSON.stringify({ account: "nobody", password: "whatever1" })),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("a first visit that installs the app", () => {
  const t = useTestApp({ WEB_DIST: webDist, RATE_LIMIT_PER_MINUTE: 5 });

  it("fetches the app's files past the API's rate limit, as the service worker's precache does", async () => {
    for (let i = 0; i < 12; i++) {
      const file = await t.app.inject({ method: "GET", url: "/h5/static/js/home-abc123.js" });
      expect(file.statusCode).toBe(200);
    }
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await t.app.inject({ method: "GET", url: "/api/v1/health" })).statusCode);
    expect(answers).toContain(429);
  });
});

describe("behind a TLS proxy", () => {
  const t = useTestApp({ WEB_DIST: webDist, TRUST_PROXY: 1, PUBLIC_URL: "https://trade.example.test" });

  it("keeps browsers on HTTPS when the request came over it", async () => {
    for (const headers of [
      { host: "10.0.0.7:8080", "x-forwarded-proto": "https" },
      { host: "trade.example.test" },
    ]) {
      const page = await t.app.inject({ method: "GET", url: "/h5/", headers });
      expect(String(page.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      expect(String(page.headers["strict-transport-security"])).toContain("max-age=");
    }
    const direct = await t.app.inject({ method: "GET", url: "/h5/", headers: { host: "10.0.0.7:8080" } });
    expect(String(direct.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
  });
});

describe("an operator opening the console", () => {
  const t = useTestApp({ WEB_DIST: webDist, ADMIN_DIST: adminDist });

  it("gets the console's page for each of its routes, revalidated, under the same CSP as the app", async () => {
    for (const url of [
      "/admin/",
      "/admin/sign-in",
      "/admin/deposits?status=all&after=42",
      "/admin/favicon.svg",
    ]) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
      if (!url.endsWith(".svg")) expect(answer.body, url).toContain("Tickfair Console");
      expect(String(answer.headers["content-security-policy"]), url).toContain("script-src 'self'");
    }
    const bare = await t.app.inject({ method: "GET", url: "/admin" });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe("/admin/");
    // The web app is still its own.
    const web = await t.app.inject({ method: "GET", url: "/h5/pages/user/user" });
    expect(web.body).toContain("<title>Tickfair</title>");
  });

  it("gets the console's chunks compressed at build, with immutable caching", async () => {
    const url = "/admin/static/js/sign-in-def456.js";
    const brotli = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(String(brotli.headers["cache-control"])).toContain("immutable");
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(adminChunk);
    const gzip = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(adminChunk);
  });

  it("answers a missing file 404 instead of the page, so a stale chunk fails visibly", async () => {
    for (const url of ["/admin/static/js/gone-000000.js", "/admin/missing.png"]) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
