import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { parseScrape } from "../apps/server/src/monitoring/testing";
import { type FrontStack, startFront } from "./front-stack";
import {
  apiUser,
  conversationIdOf,
  DETAIL,
  logInViaForm,
  operatorHeaders,
  postOk,
  SHOT_RUNS,
  setLanguage,
} from "./support";
import { shot } from "./support-screens";

/**
 * The app as a deployment behind Caddy serves it (deploy/Caddyfile): TLS from Caddy's own authority,
 * HTTP/2 to the browser, two server processes on one PostgreSQL behind it, taking requests in turn.
 * A user signs in, trades and sees the result arrive live, and chats with support, whose answers are
 * sent through each process in turn and reach the user's one WebSocket whichever process holds it.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const databaseUrl = process.env.TEST_DATABASE_URL;
const CHAT = "/h5/pages/kefu/kefu";

test.describe("behind Caddy", () => {
  // Two processes share a database only on PostgreSQL; CI runs the journeys with one.
  test.skip(!databaseUrl, "needs TEST_DATABASE_URL: two server processes share one PostgreSQL");

  let front: FrontStack;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    front = await startFront(databaseUrl ?? "", {
      servers: [PORT + 20, PORT + 21],
      https: PORT + 22,
      http: PORT + 23,
    });
  });
  test.afterAll(async () => {
    await front?.stop();
  });
  test.use({ baseURL: `https://localhost:${PORT + 22}`, ignoreHTTPSErrors: true });

  for (const { locale, text } of SHOT_RUNS) {
    test(`sign in, trade, see the result live and chat over HTTPS and HTTP/2 (${locale})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const sockets: string[] = [];
      page.on("websocket", (socket) => sockets.push(socket.url()));
      await setLanguage(page, locale);
      const user = await apiUser(request, "1000.00");

      // The login page over TLS, HSTS on it: the server knows from Caddy that the user came by https.
      const opened = await page.goto("/h5/pages/login/login");
      expect((await opened?.securityDetails())?.issuer).toMatch(/Caddy Local Authority/);
      expect(opened?.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
      await logInViaForm(page, user.account, user.password);

      // A 30-second contract; its result arrives over the socket, through Caddy.
      await page.goto(DETAIL);
      await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
        timeout: 15_000,
      });
      const price = page.getByTestId("detail-price");
      const first = await price.innerText();
      await expect(price).not.toHaveText(first, { timeout: 15_000 });
      await page.getByTestId("trade-duration-30").click();
      await page.getByTestId("trade-amount").fill("10");
      await page.getByTestId("trade-buy-up").click();
      await page.getByTestId("trade-confirm-submit").click();
      await expect(page.locator(".adm-toast-main")).toHaveText(text.trading.buySuccess);
      const card = page.getByTestId("settlement");
      await expect(card).toBeVisible({ timeout: 60_000 });
      const result = (await card.getAttribute("data-result")) as "win" | "lose" | "draw" | "void";
      await expect(page.getByTestId("settlement-title")).toHaveText(text.trading.settled.title[result]);
      await shot(page, locale, "front-settled", { viewport: true });

      // Every request of these pages went over HTTP/2; the app's socket through Caddy, over TLS.
      const protocols = await page.evaluate(() =>
        [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].map(
          (entry) => (entry as PerformanceResourceTiming).nextHopProtocol,
        ),
      );
      expect(protocols.length).toBeGreaterThan(5);
      expect(new Set(protocols)).toEqual(new Set(["h2"]));
      expect(sockets.length).toBeGreaterThan(0);
      for (const url of sockets) expect(new URL(url).origin).toBe(`wss://localhost:${PORT + 22}`);

      // A question to support; the answers go out through each process directly.
      await page.goto(CHAT);
      const composer = page.getByTestId("chat-input").locator("textarea:not([aria-hidden])");
      await composer.fill("Is this behind a proxy?");
      await page.getByTestId("chat-send").click();
      await expect(
        page.getByTestId("chat-message").filter({ hasText: "Is this behind a proxy?" }),
      ).toHaveAttribute("data-state", "sent");
      const operator = await operatorHeaders(request);
      const id = await conversationIdOf(request, operator, user.account);
      for (const [n, address] of front.processes.entries()) {
        const direct = await playwrightRequest.newContext({ baseURL: address });
        try {
          await postOk(direct, operator, `/operator/chats/${id}/messages`, {
            clientKey: `front-${n}-${Date.now()}`,
            body: `Answered by process ${n + 1}`,
          });
        } finally {
          await direct.dispose();
        }
        await expect(
          page.getByTestId("chat-message").filter({ hasText: `Answered by process ${n + 1}` }),
        ).toHaveAttribute("data-author", "operator");
      }
      await shot(page, locale, "front-chat", { viewport: true });

      // Caddy shared the app's requests between the two processes.
      for (const address of front.processes)
        expect(await appRequestsServed(page, address)).toBeGreaterThan(0);
    });
  }
});

/** Requests a process answered outside the health checks and scrapes, from its own /metrics (loopback may read it). */
async function appRequestsServed(page: Page, address: string): Promise<number> {
  const samples = parseScrape(await (await page.request.get(`${address}/metrics`)).text());
  return samples
    .filter((sample) => sample.name === "tickfair_http_request_duration_seconds_count")
    .filter(({ labels }) => !labels.route?.includes("/health") && labels.route !== "/metrics")
    .reduce((sum, sample) => sum + sample.value, 0);
}
