import { expect, type Page, test } from "@playwright/test";
import { BTC, DETAIL, HOME, MARKET_COLOURS, SHOT_LOCALES, setLanguage, TEXT } from "./support";
import { expectDirectionsMarked, expectPolished, shot } from "./support-screens";

const row = (page: Page, symbol: string) =>
  page.locator(`[data-testid="product-row"][data-symbol="${symbol}"]`);

/** Like expectPolished, and no raw `market.*` key on screen either. */
async function expectMarketPolished(page: Page): Promise<void> {
  await expectPolished(page);
  await expectDirectionsMarked(page);
  expect(await page.locator("body").innerText()).not.toMatch(/\bmarket[.:][a-zA-Z]+/);
}

for (const locale of SHOT_LOCALES) {
  const text = TEXT[locale].market;

  test(`live products on home and the products tab in ${locale}`, async ({ page }) => {
    await setLanguage(page, locale);

    // Home: recommended products with a price, a simulated-prices label, live updates in place.
    await page.goto(HOME);
    const home = page.getByTestId("home-recommended");
    await expect(home).toContainText(text.recommended);
    await expect(home.getByTestId("market-simulated")).toHaveText(text.simulated);
    const btcPrice = row(page, BTC).getByTestId("product-price");
    await expect(btcPrice).toHaveText(/^\d[\d,]*\.\d{2}$/);
    await expect(row(page, BTC).getByTestId("product-change")).toHaveText(/%/);
    // Each 24H change in the colour this language's readers give a rise or a fall.
    const changes = await page.getByTestId("product-change").evaluateAll((elements) =>
      elements.map((element) => ({
        className: element.className,
        colour: getComputedStyle(element).backgroundColor,
      })),
    );
    const moved = changes.filter((change) => !change.className.includes("--flat"));
    expect(moved.length).toBeGreaterThan(0);
    for (const change of moved) {
      const colours = MARKET_COLOURS[locale];
      expect(change.colour).toBe(change.className.includes("--up") ? colours.rise : colours.fall);
    }
    await expectMarketPolished(page);
    await shot(page, locale, "market-01-home", { viewport: true });

    const first = await btcPrice.innerText();
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "no reload";
    });
    await expect(btcPrice).not.toHaveText(first, { timeout: 12_000 });
    // Still the same document: the price moved over the WebSocket, not by a reload.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("no reload");

    // The "product trading" entry opens the products tab; a row opens the product's detail route.
    await page.getByTestId("home-product").click();
    await expect(page).toHaveURL(/\/h5\/pages\/product\/product$/);
    await expect(row(page, BTC).getByTestId("product-price")).toBeVisible();
    await expect(page.getByTestId("tab-product")).toHaveClass(/active/);
    const search = page.getByTestId("product-search").locator("input");
    await expect(search).toHaveAttribute("placeholder", text.enterName);
    await expectMarketPolished(page);
    await shot(page, locale, "market-02-products");

    // Empty search submitted: a short prompt.
    await search.focus();
    await search.press("Enter");
    await expect(page.locator(".adm-toast-main")).toHaveText(text.enterName);
    await expect(page.locator(".adm-toast-main")).toBeHidden({ timeout: 5_000 });

    // Search by symbol (any case), and by the product's name in this language.
    await search.fill("btc");
    await expect(row(page, BTC)).toBeVisible();
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    const name = locale === "zh-CN" ? "比特币" : "Bitcoin";
    await search.fill(name);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await expect(row(page, BTC)).toContainText(name);
    await expectMarketPolished(page);
    await shot(page, locale, "market-03-search");

    // Nonsense: the "no data" empty state.
    await search.fill("zzqqxx");
    await expect(page.getByTestId("product-empty")).toContainText(text.noData);
    await expect(page.getByTestId("product-row")).toHaveCount(0);
    await expectMarketPolished(page);
    await shot(page, locale, "market-04-no-data");

    // Category chips filter the list.
    await search.fill("");
    await page.getByTestId("product-category-crypto").click();
    await expect(row(page, BTC)).toBeVisible();
    await expect(page.locator('[data-testid="product-row"][data-symbol="EUR/USD"]')).toHaveCount(0);
    await page.getByTestId("product-category-all").click();
    await expect(page.locator('[data-testid="product-row"][data-symbol="EUR/USD"]')).toBeVisible();

    await row(page, BTC).click();
    await expect(page).toHaveURL(/\/h5\/pages\/Detail\/Detail\?symbol=BTC%2FUSDT$/);

    // Back is the products tab; a tap on the tab already shown adds no step to go back through.
    await page.goBack();
    await expect(page.getByTestId("tab-product")).toHaveAttribute("aria-current", "page");
    await page.getByTestId("tab-product").click();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await expect(page.getByTestId("home-recommended")).toBeVisible();
  });
}

test("a product's page opened cold keeps its place while the product and the chart arrive", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Reflect.set(window, "layoutShifts", shifts);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  // The product and the chart's code are held until the page shows its frame without them, as a slow
  // link shows it: what arrives then must take the place kept for it.
  const frameShown = () => page.getByTestId("risk-warning").waitFor();
  await page.route(`**/api/v1/market/products/${encodeURIComponent(BTC)}`, async (route) => {
    await frameShown();
    await route.continue();
  });
  await page.route(/\/static\/js\/ChartPanel-[\w-]+\.js$/, async (route) => {
    await page.getByTestId("trade-panel").waitFor();
    await route.continue();
  });
  await page.goto(DETAIL);
  await expect(page.getByTestId("trade-panel")).toBeVisible();
  await expect(page.getByTestId("detail-chart")).toBeVisible();
  const shifted = await page.evaluate(() =>
    (Reflect.get(window, "layoutShifts") as number[]).reduce((sum, value) => sum + value, 0),
  );
  expect(shifted).toBeLessThan(0.01);
});
