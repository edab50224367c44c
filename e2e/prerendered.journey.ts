import { expect, type Page, test } from "@playwright/test";
import { registerViaApi, SHOT_RUNS } from "./support";
import { shot } from "./support-screens";

/** Every error the page reports: a prerendered page the app could not take over as it is says so here. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const { locale, text } of SHOT_RUNS) {
  test(`sends the welcome and login screens drawn in ${locale}, then takes them over as they are`, async ({
    browser,
    request,
  }) => {
    // A newcomer picks the language on the welcome screen; the server is told it with the next page.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await phone.newPage();
    const errors = collectErrors(page);
    await page.goto("/h5/");
    await expect(page.getByTestId("welcome-language")).toBeVisible();
    await page.getByTestId("welcome-language").click();
    await page.getByTestId(`language-option-${locale}`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    // Cold, in a fresh tab: the first answer already is the screen in that language.
    const tab = await phone.newPage();
    const tabErrors = collectErrors(tab);
    const answer = await tab.goto("/h5/pages/login/login");
    expect(await answer?.text()).toContain(`>${text.login.heading}</h1>`);
    await expect(tab.locator("#root")).not.toHaveAttribute("inert");
    await shot(tab, locale, "prerendered-login");
    const user = await registerViaApi(request);
    await tab.getByTestId("login-account").fill(user.account);
    await tab.getByTestId("login-password").fill(user.password);
    await tab.getByTestId("login-submit").click();
    await expect(tab).toHaveURL(/\/h5\/pages\/user\/user/);
    expect([...errors, ...tabErrors]).toEqual([]);

    // Without scripts the screens are there, in the language the cookie names, to read.
    const still = await browser.newContext({
      viewport: { width: 375, height: 812 },
      javaScriptEnabled: false,
    });
    await still.addCookies([{ name: "language", value: locale, url: new URL("/h5/", tab.url()).href }]);
    const plain = await still.newPage();
    await plain.goto("/h5/");
    await expect(plain.getByText(text.welcome.tagline)).toBeVisible();
    await expect(plain.locator("html")).toHaveAttribute("lang", locale);
    await shot(plain, locale, "prerendered-welcome-no-script");
    await plain.goto("/h5/pages/login/login");
    await expect(plain.getByRole("heading", { name: text.login.heading })).toBeVisible();
    // Home as it is before its prices come: the frame of each part that will hold them.
    await plain.goto("/h5/pages/index/index");
    await expect(plain.getByText(text.home.guestTitle)).toBeVisible();
    await shot(plain, locale, "prerendered-home-no-script");
    await Promise.all([phone.close(), still.close()]);
  });
}

/**
 * Notes, as the page is parsed, the prerendered element `selector` names: still in the page after the
 * app has started, the app took the HTML over as it was instead of drawing it again.
 */
async function markPrerendered(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted) => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as { prerendered?: Element | null }).prerendered = document.querySelector(wanted);
    });
  }, selector);
}

const keptPrerendered = (page: Page) =>
  page.evaluate(() => (window as { prerendered?: Element | null }).prerendered?.isConnected === true);

for (const { locale, text } of SHOT_RUNS) {
  test(`sends home and the products drawn in ${locale}, fills in their prices, and home to a guest alone`, async ({
    browser,
    request,
    baseURL,
  }) => {
    // No service worker: it would answer every address with index.html, not the server.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      serviceWorkers: "block",
    });
    // The language chosen before, as the app keeps it and as it tells the server.
    await phone.addCookies([{ name: "language", value: locale, url: new URL("/h5/", baseURL).href }]);
    await phone.addInitScript((chosen) => localStorage.setItem("language", chosen), locale);
    const page = await phone.newPage();
    const errors = collectErrors(page);
    await markPrerendered(page, ".home__header");
    const home = await page.goto("/h5/pages/index/index");
    expect(await home?.text()).toContain(`>${text.home.guestTitle}</strong>`);
    await expect(page.getByTestId("home-products").getByTestId("product-row").first()).toBeVisible();
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    expect(await keptPrerendered(page)).toBe(true);
    await shot(page, locale, "prerendered-home");

    await markPrerendered(page, ".product-page");
    const products = await page.goto("/h5/pages/product/product");
    expect(await products?.text()).toContain(`>${text.market.title}<`);
    await expect(page.getByTestId("product-list").getByTestId("product-row").first()).toBeVisible();
    expect(await keptPrerendered(page)).toBe(true);
    await page.getByTestId("product-search").locator("input").fill("BTC");
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await shot(page, locale, "prerendered-products");
    expect(errors).toEqual([]);

    // Signed in, home is not the guest's: the app draws the visitor's own.
    const user = await registerViaApi(request);
    await page.goto("/h5/pages/login/login");
    await page.getByTestId("login-account").fill(user.account);
    await page.getByTestId("login-password").fill(user.password);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);
    const own = await page.goto("/h5/pages/index/index");
    expect(await own?.text()).not.toContain(text.home.guestTitle);
    await expect(page.getByTestId("home-account")).toBeVisible();
    await expect(page.getByTestId("home-login")).toHaveCount(0);
    expect(errors).toEqual([]);
    await phone.close();
  });
}
