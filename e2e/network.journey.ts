import os from "node:os";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DETAIL, ERRORS, HOME, SHOT_RUNS, type ShotLocale, signedInUser, TEXT } from "./support";
import { shot } from "./support-screens";

/** The machine's first non-loopback IPv4 address, where a phone on the same network opens the app. */
function lanAddress(): string | null {
  const addresses = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  return addresses.find((address) => address.family === "IPv4" && !address.internal)?.address ?? null;
}

test("opens from another device by the server's LAN address, over plain HTTP", async ({ page, baseURL }) => {
  const address = lanAddress();
  test.skip(address === null, "this machine has no non-loopback address");
  const port = new URL(baseURL ?? "").port;
  const answer = await page.goto(`http://${address}:${port}/h5/pages/login/login`);
  expect(answer?.headers()["content-security-policy"]).not.toContain("upgrade-insecure-requests");
  expect(answer?.headers()["strict-transport-security"]).toBeUndefined();
  await expect(page.getByTestId("login-submit")).toBeVisible();
  expect(page.url()).toMatch(/^http:\/\//);
});

test("is installable: a manifest with icons and a service worker that precaches the shell", async ({
  request,
}) => {
  const manifest = await request.get("/h5/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as {
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string }[];
  };
  expect(body).toMatchObject({ start_url: "/h5/", display: "standalone" });
  for (const size of ["192x192", "512x512"]) {
    const icon = body.icons.find((entry) => entry.sizes === size);
    expect(icon, size).toBeDefined();
    const image = await request.get(`/h5/${icon?.src}`);
    expect(image.headers()["content-type"]).toBe("image/png");
  }
  const worker = await request.get("/h5/sw.js");
  expect(worker.ok()).toBe(true);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const source = await worker.text();
  expect(source).toContain("index.html");
  expect(source).not.toContain("/api/");
});

/** A new user with money, signed in through the form (which lands on the personal center). */
async function signedInWithMoney(page: Page, request: APIRequestContext, locale: ShotLocale) {
  const user = await signedInUser(page, request, locale, "500.00");
  return user;
}

for (const { locale, text } of SHOT_RUNS) {
  test(`says when the network is gone and waits with money until it is back (${locale})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInWithMoney(page, request, locale);
    await expect(page).toHaveTitle(`${text.tabs.user} · Tickfair`);
    await page.goto(DETAIL);
    await expect(page.getByTestId("detail-price")).toHaveText(/^\d[\d,.]*$/);
    await expect(page.getByTestId("network-banner")).toHaveCount(0);

    await context.setOffline(true);
    const banner = page.getByTestId("network-banner");
    await expect(banner).toHaveText(text.network.offline);
    await expect(page.getByTestId("trade-buy-up")).toBeDisabled();
    await expect(page.getByTestId("trade-buy-down")).toBeDisabled();
    await shot(page, locale, "network-01-offline", { viewport: true });

    await context.setOffline(false);
    await expect(banner).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("trade-buy-up")).toBeEnabled();
  });

  test(`refuses an order that arrives long after its price and asks again at the new one (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await signedInWithMoney(page, request, locale);
    await page.goto(DETAIL);
    await expect(page).toHaveTitle(/. · Tickfair$/);
    await page.getByTestId("trade-amount").fill("10");
    await page.getByTestId("trade-buy-up").click();
    await expect(page.getByTestId("trade-confirm-price")).toHaveText(/^\d[\d,.]*$/);

    // A slow network: the order reaches the server seven seconds after the price the sheet showed.
    let held = 0;
    await page.route("**/api/v1/trading/contracts", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      return route.continue();
    });
    await page.getByTestId("trade-confirm-submit").click();
    const moved = page.getByTestId("trade-quote-moved");
    await expect(moved).toHaveText(ERRORS[locale].QUOTE_EXPIRED, { timeout: 20_000 });
    await expect(page.getByTestId("trade-confirm")).toBeVisible();
    await shot(page, locale, "network-02-quote-moved");
    const positions = await request.get("/api/v1/trading/contracts/open", { headers: user.auth });
    expect((await positions.json()).items).toEqual([]);

    await page.unroute("**/api/v1/trading/contracts");
    await page.getByTestId("trade-confirm-submit").click();
    await expect(page.locator(".adm-toast-main")).toHaveText(text.trading.buySuccess);
    await expect(page.getByTestId("position")).toHaveCount(1);
    expect(held).toBe(1);
  });
}

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("opens offline from what the service worker kept, and says so", async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto(HOME);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit's page is not yet controlled; a reload is, and then everything is precached.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto("/h5/pages/product/product");
    await expect(page.getByTestId("network-banner")).toHaveAttribute("data-status", "offline");
    await expect(page.getByTestId("tab-home")).toBeVisible();
    // The list that never loaded says it waits for the network instead of loading forever.
    await expect(page.getByTestId("waiting-for-network")).toContainText(TEXT["zh-CN"].network.waitingTitle);
    await shot(page, "zh-CN", "network-03-offline-start", { viewport: true });

    // Back online, the list loads by itself once the socket reaches the server again.
    await context.setOffline(false);
    await expect(page.getByTestId("product-price").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("network-banner")).toHaveCount(0);
  });
});
