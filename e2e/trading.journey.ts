import { expect, test } from "@playwright/test";
import {
  DETAIL,
  detailPage,
  expectTradingPolished,
  logInViaForm,
  MARKET_COLOURS,
  newUser,
  operatorHeaders,
  type ShotLocale,
  setLanguage,
  shot,
  TEXT,
} from "./support";

const cents = (s: string) => Math.round(Number(s) * 100);

for (const locale of ["zh-CN", "en"] as ShotLocale[]) {
  const text = TEXT[locale] as (typeof TEXT)["en"];

  test(`buy up on BTC/USDT and watch it settle in ${locale}`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const user = await newUser(page, request, locale, "1000.00");

    // An address that names no product leads to the list where one is chosen.
    await page.goto("/h5/pages/Detail/Detail");
    await expect(page).toHaveURL(/\/h5\/pages\/product\/product$/);

    // Without a session the page shows; buying sends the visitor to log in.
    await page.goto(DETAIL);
    await expect(page.getByTestId("detail-simulated")).toHaveText(text.market.simulated);
    // "Buy up" wears a rise's colour and "buy down" a fall's, as this language's readers expect.
    await expect(page.getByTestId("trade-buy-up")).toHaveCSS("background-color", MARKET_COLOURS[locale].rise);
    await expect(page.getByTestId("trade-buy-down")).toHaveCSS(
      "background-color",
      MARKET_COLOURS[locale].fall,
    );
    await page.getByTestId("trade-buy-up").click();
    await expect(page).toHaveURL(/\/h5\/pages\/login\/login\?redirect=/);

    await logInViaForm(page, user.account, user.password);
    await page.goto(DETAIL);
    await expect(page.getByTestId("detail-name")).toBeVisible();
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
      timeout: 15_000,
    });
    await expect(page.locator('[data-testid="detail-chart"] canvas').first()).toBeVisible();
    const price = page.getByTestId("detail-price");
    await expect(price).toHaveText(/^\d[\d,.]*$/);
    const first = await price.innerText();
    await expect(price).not.toHaveText(first, { timeout: 15_000 });
    await expect(page.getByTestId("trade-available")).toContainText("1,000.00");

    // Candles switch in place.
    await page.getByTestId("detail-view-1m").click();
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
      timeout: 15_000,
    });
    await expectTradingPolished(page);
    await shot(page, locale, "trading-01-detail", { viewport: true });

    // The shortest duration, a small amount, the estimate computed exactly.
    const short = page.locator('[data-testid^="trade-duration-"]').first();
    await expect(short).toHaveAttribute("data-testid", "trade-duration-30");
    await short.click();
    // A zero stays zero and gets no estimate: the ticket asks for another amount and opens nothing.
    await page.getByTestId("trade-amount").fill("0");
    await page.getByTestId("trade-buy-up").click();
    await expect(page.getByTestId("trade-amount-error")).toHaveText(text.cashier.amountRequired);
    await expect(page.getByTestId("trade-amount")).toHaveValue("0");
    await expect(page.getByTestId("trade-estimate")).toHaveText("—");
    await expect(page.getByTestId("trade-confirm")).toBeHidden();
    await shot(page, locale, "trading-01-zero", { viewport: true });
    await page.getByTestId("trade-amount").fill("10");
    await expect(page.getByTestId("trade-estimate")).toHaveText("18.00");
    await page.getByTestId("trade-buy-up").click();
    const confirm = page.getByTestId("trade-confirm");
    await expect(confirm).toBeVisible();
    await expect(page.getByTestId("trade-confirm-direction")).toHaveText(text.trading.up);
    await expect(page.getByTestId("trade-confirm-estimate")).toHaveText("18.00");
    await expectTradingPolished(page);
    await shot(page, locale, "trading-02-confirm");
    await page.getByTestId("trade-confirm-submit").click();
    await expect(page.locator(".adm-toast-main")).toHaveText(text.trading.buySuccess);

    const position = page.getByTestId("position");
    await expect(position).toHaveCount(1);
    await expect(page.getByTestId("position-countdown")).toHaveText(/\d{2}:\d{2}/, { timeout: 15_000 });
    await expect(page.getByTestId("trade-available")).toContainText("990.00");
    await expectTradingPolished(page);
    await shot(page, locale, "trading-03-position");

    // Settlement: the position leaves, the stake is lost, refunded or paid out.
    await expect(position).toHaveCount(0, { timeout: 60_000 });
    const open = await request.get("/api/v1/trading/contracts/open", { headers: user.auth });
    expect(((await open.json()) as { items: unknown[] }).items).toHaveLength(0);
    const me = await request.get("/api/v1/me", { headers: user.auth });
    const { summary } = (await me.json()) as { summary: { available: string; frozen: string } };
    expect([99000, 100000, 100800]).toContain(cents(summary.available));
    expect(cents(summary.frozen)).toBe(0);
    await expectTradingPolished(page);
    await shot(page, locale, "trading-04-settled");
  });
}

for (const locale of ["zh-CN", "en"] as ShotLocale[]) {
  const text = TEXT[locale] as (typeof TEXT)["en"];

  test(`a product under maintenance shows when it reopens and cannot be bought, in ${locale}`, async ({
    page,
    request,
  }) => {
    const symbol = "SOL/USDT";
    const operator = await operatorHeaders(request);
    const settings = `/api/v1/operator/market/products/${encodeURIComponent(symbol)}`;
    // Two hours from now, on a whole minute, as an operator would pick it.
    const reopensAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000).toISOString();
    const paused = await request.put(settings, {
      headers: operator,
      data: { status: "maintenance", reopensAt, reason: "journey: maintenance screen" },
    });
    expect(paused.ok(), await paused.text()).toBe(true);
    try {
      await setLanguage(page, locale);
      await page.goto(detailPage(symbol));
      const banner = page.getByTestId("trade-closed");
      await expect(banner).toBeVisible();
      // Formatted as the app does, in the browser's own time zone.
      const time = await page.evaluate(
        ([lng, iso]) =>
          new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
        [locale, reopensAt] as const,
      );
      await expect(banner).toContainText(time);
      await expect(banner).toContainText(text.trading.closedUntil.split("{{time}}")[0]?.trim() ?? "");
      await expect(page.getByTestId("trade-buy-up")).toBeDisabled();
      await expect(page.getByTestId("trade-buy-down")).toBeDisabled();
      await expectTradingPolished(page);
      await shot(page, locale, "trading-05-maintenance", { viewport: true });
    } finally {
      const reopened = await request.put(settings, {
        headers: operator,
        data: { status: "open", reason: "journey: maintenance over" },
      });
      expect(reopened.ok(), await reopened.text()).toBe(true);
    }
  });
}
