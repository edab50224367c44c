import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postRaw, registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-web-"));
fs.mkdirSync(path.join(webDist, "static", "js"), { recursive: true });
fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Tickfair</title>");
fs.writeFileSync(path.join(webDist, "static", "js", "app-abc123.js"), "console.log(1)");
// What the web build's prerendering writes: the login page in two languages.
fs.mkdirSync(path.join(webDist, "prerendered"));
fs.writeFileSync(
  path.join(webDist, "prerendered", "pages.json"),
  JSON.stringify({
    cookie: "language",
    defaultLocale: "zh-CN",
    locales: ["zh-CN", "en"],
    pages: { "/pages/login/login": "login", "/pages/index/index": "home" },
    guestPages: ["home"],
    signedInCookie: "signed_in",
  }),
);
for (const [locale, heading] of [
  ["zh-CN", "欢迎回来"],
  ["en", "Welcome back"],
]) {
  fs.writeFileSync(
    path.join(webDist, "prerendered", `login.${locale}.html`),
    `<!doctype html><html lang="${locale}"><title>Tickfair</title><h1>${heading}</h1>`,
  );
  fs.writeFileSync(
    path.join(webDist, "prerendered", `home.${locale}.html`),
    `<!doctype html><html lang="${locale}"><title>Tickfair</title><a>Log in</a>`,
  );
}

const t = useTestApp({ WEB_DIST: webDist });

describe("platform", () => {
  it("reports health with the database checked", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  it("tells the client about the app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/app" });
    expect(response.json()).toMatchObject({
      name: "Tickfair",
      version: "1.0.0",
      demoMode: true,
      platformTimeZone: "Asia/Shanghai",
    });
  });

  it("lets no cache keep an API answer: personal figures, records and statements", async () => {
    const { auth } = await registerAndLogin(t);
    for (const url of ["/api/v1/me", "/api/v1/cashier/fund-records", "/api/v1/cashier/fund-records.csv"]) {
      const response = await t.app.inject({ method: "GET", url, headers: auth });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toMatch(/no-store/);
    }
  });

  it("answers unknown API routes with the error shape", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/nope",
      headers: { "accept-language": "en" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
  });

  it("refuses oversized and wrongly typed bodies with a code", async () => {
    const big = await postRaw(
      t.app,
      "/api/v1/auth/login",
      JSON.stringify({ account: "a".repeat(2 * 1024 * 1024), password: "x" }),
      "application/json",
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    const xml = await postRaw(t.app, "/api/v1/auth/login", "<a/>", "application/xml");
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("sends a strict content security policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("serves the H5 app under /h5/ with history fallback and redirects / there", async () => {
    const root = await t.app.inject({ method: "GET", url: "/" });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe("/h5/");
    for (const url of [
      "/h5/",
      "/h5/pages/user/user",
      "/h5/pages/login/login?redirect=%2Fpages%2Fuser%2Fuser",
    ]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain("<title>Tickfair</title>");
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
    const chunk = await t.app.inject({ method: "GET", url: "/h5/static/js/app-abc123.js" });
    expect(chunk.statusCode).toBe(200);
    expect(String(chunk.headers["cache-control"])).toContain("immutable");
    expect(chunk.headers.vary).toBe("accept-encoding");
    const missing = await t.app.inject({ method: "GET", url: "/h5/static/js/missing-chunk.js" });
    expect(missing.statusCode).toBe(404);
  });

  it("answers a prerendered address with its page in the visitor's language, others with index.html", async () => {
    const login = (cookie?: string) =>
      t.app.inject({
        method: "GET",
        url: "/h5/pages/login/login?redirect=%2Fpages%2Fuser%2Fuser",
        headers: cookie ? { cookie } : {},
      });
    const english = await login("theme=dark; language=en");
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain("<h1>Welcome back</h1>");
    expect(english.headers.vary).toContain("cookie");
    expect(english.headers["cache-control"]).toBe("no-cache");
    // No choice, or one the build has no page for: the default language.
    for (const cookie of [undefined, "language=xx", "language="]) {
      expect((await login(cookie)).body, String(cookie)).toContain("<h1>欢迎回来</h1>");
    }
    const other = await t.app.inject({
      method: "GET",
      url: "/h5/pages/user/user",
      headers: { cookie: "language=en" },
    });
    expect(other.body).toBe("<!doctype html><title>Tickfair</title>");
    expect(other.headers.vary).toBe("accept-encoding");
  });

  it("sends a screen drawn for signed-out visitors to them alone", async () => {
    const home = (cookie: string) =>
      t.app.inject({ method: "GET", url: "/h5/pages/index/index", headers: { cookie } });
    expect((await home("language=en")).body).toContain("<a>Log in</a>");
    const signedIn = await home("language=en; signed_in=1");
    expect(signedIn.body).toBe("<!doctype html><title>Tickfair</title>");
    expect(signedIn.headers.vary).toContain("cookie");
    // A screen that is the same for everyone is sent to everyone.
    const login = await t.app.inject({
      method: "GET",
      url: "/h5/pages/login/login",
      headers: { cookie: "signed_in=1" },
    });
    expect(login.body).toContain("<h1>欢迎回来</h1>");
  });

  it("publishes OpenAPI generated from the schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(["/api/v1/auth/login", "/api/v1/me", "/api/v1/cashier/demo-topup"]),
    );
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("has no route that sets a balance, a price, a tick or an outcome", async () => {
    const writes = t.app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .filter((line) => /\((?:[A-Z, ]*)(POST|PUT|PATCH|DELETE)/.test(line));
    expect(writes.length).toBeGreaterThan(10);
    for (const line of writes) expect(line).not.toMatch(/balance|outcome|tick|price|result|ledger|entr/i);
  });
});
