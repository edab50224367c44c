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
    await Promise.all([phone.close(), still.close()]);
  });
}
