import { expect, type Page, test } from "@playwright/test";
import { type Fairness, type FairnessEpochPage, formatMoney, type Solvency } from "@tickfair/contract";
import { seedLeadsTo } from "@tickfair/verify";
import { DEMO } from "../apps/server/src/demo/seed";
import {
  ALL_LOCALES,
  HOME,
  logInViaForm,
  newIdentity,
  openInLanguage,
  SHOT_RUNS,
  setLanguage,
} from "./support";
import { expectPolished, shot } from "./support-screens";

/** Home as a user sees it once settled: the recommended products listed with their prices. */
async function homeDrawn(page: Page): Promise<void> {
  const recommended = page.getByTestId("home-recommended");
  await expect(recommended.getByTestId("product-price").first()).toBeVisible();
}

// The other journeys run as a phone set to "reduce motion"; these screens are seen as most phones show
// them, sliding and fading.
test.use({ reducedMotion: "no-preference" });

for (const { locale, text } of SHOT_RUNS) {
  test(`every screen in ${locale}, looked at as a user would`, async ({ page }) => {
    await setLanguage(page, locale);

    await page.goto("/h5/");
    await expect(page.getByTestId("welcome-login")).toHaveText(text.welcome.login);
    await expectPolished(page);
    await shot(page, locale, "01-welcome");

    await page.goto(HOME);
    await expect(page.getByTestId("tab-home")).toContainText(text.tabs.home);
    await homeDrawn(page);
    await expectPolished(page);
    await shot(page, locale, "02-home-visitor");

    // The fairness page, opened cold by a visitor: the anchor the server commits to, and every seed it
    // shows leads back to that anchor.
    const chain = (await (await page.request.get("/api/v1/fairness")).json()) as Fairness;
    await page.goto("/h5/pages/fairness/fairness");
    await expect(page.getByTestId("fairness-anchor")).toHaveText(chain.anchor);
    await expect(page.getByTestId("fairness-epoch").first()).toBeVisible();
    const epochs = (await (await page.request.get("/api/v1/fairness/epochs")).json()) as FairnessEpochPage;
    const shown = await page.getByTestId("fairness-seed").allTextContents();
    // Epochs last ten seconds here: the server may have revealed a newer seed since the page asked.
    const published = epochs.items.flatMap((epoch) => (epoch.seed ? [epoch.seed] : []));
    const from = published.indexOf(shown[0] ?? "");
    expect(from, "the page's newest seed is one the server publishes").toBeGreaterThanOrEqual(0);
    expect(shown.slice(0, published.length - from)).toEqual(published.slice(from, from + shown.length));
    for (const epoch of epochs.items.filter((item) => item.seed !== null))
      expect(seedLeadsTo(epoch.seed as string, epoch.index, chain.anchor), `epoch ${epoch.index}`).toBe(true);
    await expectPolished(page);
    await shot(page, locale, "02b-fairness");

    await page.goto("/h5/pages/login/login");
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("login-account-error")).toHaveText(text.login.accountRequired);
    await expectPolished(page);
    await shot(page, locale, "03-login-empty");

    const { account, phone } = newIdentity();
    await page.goto("/h5/pages/login/registerCheck?code=TICKFAIR");
    await expect(page.getByTestId("register-code")).toHaveValue("TICKFAIR");
    // The phone's country starts from the language (English: the United States), and the nationality
    // sent is the phone's country unless another is picked.
    const home = locale === "en" ? { country: "US", code: "+1" } : { country: "CN", code: "+86" };
    await expect(page.getByTestId("register-country")).toHaveText(home.code);
    await page.getByTestId("register-account").fill(account);
    // A US number in English (area code 201), the mainland's in Chinese.
    await page.getByTestId("register-phone").fill(locale === "en" ? `2012${phone.slice(-6)}` : phone);
    await expect(page.getByTestId("register-nationality")).toHaveAttribute("data-value", home.country);
    await expectPolished(page);
    await shot(page, locale, "04-register-step1");
    await page.getByTestId("register-next").click();
    await expect(page).toHaveURL(/\/h5\/pages\/login\/register$/);
    await page.getByTestId("register-password").fill("abc");
    await page.getByTestId("register-submit").click();
    await expectPolished(page);
    await shot(page, locale, "05-register-step2-errors");

    await logInViaForm(page, DEMO.user.account, DEMO.user.password);
    await expect(page.getByTestId("user-available")).not.toHaveText("");
    await expectPolished(page);
    await shot(page, locale, "06-personal-center", { viewport: true });

    // The proof of balance, from the personal center: the demo user's balance in the last snapshot,
    // recomputed in the phone and matched against the root and total published to everyone.
    const { latest } = (await (await page.request.get("/api/v1/solvency")).json()) as Solvency;
    if (!latest) throw new Error("the demo has a snapshot of liabilities from its first start");
    await page.getByTestId("user-solvency").click();
    await expect(page.getByTestId("solvency-verdict")).toHaveAttribute("data-verdict", "pass");
    await expect(page.getByTestId("solvency-verdict")).toContainText(text.solvency.verified);
    await expect(page.getByTestId("solvency-root")).toHaveText(latest.root);
    await expect(page.getByTestId("solvency-total")).toHaveText(
      formatMoney(BigInt(latest.totalMinor), locale),
    );
    await expect(page.getByTestId("solvency-users")).toHaveText(
      new Intl.NumberFormat(locale).format(latest.users),
    );
    await page.getByTestId("solvency-path").locator("summary").click();
    // One step a level: a tree of n leaves is ⌈log2 n⌉ levels high, and one user alone is the root.
    const depth = latest.users <= 1 ? 0 : Math.ceil(Math.log2(latest.users));
    await expect(page.getByTestId("solvency-step")).toHaveCount(depth);
    if (depth === 0) await expect(page.getByTestId("solvency-alone")).toHaveText(text.solvency.pathAlone);
    await expectPolished(page);
    await shot(page, locale, "06b-proof-of-balance");
    // Opened cold in a tab of its own, straight at its address: the same verdict.
    const cold = await page.context().newPage();
    await cold.goto("/h5/pages/solvency/solvency");
    await expect(cold.getByTestId("solvency-verdict")).toHaveAttribute("data-verdict", "pass");
    await cold.close();

    await page.goto(HOME);
    await expect(page.getByTestId("home-account")).toBeVisible();
    await homeDrawn(page);
    await shot(page, locale, "07-home-signed-in");

    await page.goto("/h5/pages/set/set");
    await expect(page.getByTestId("set-language")).toContainText(text.settings.language);
    await expectPolished(page);
    await shot(page, locale, "08-settings");
    await page.getByTestId("set-fairness").click();
    await expect(page.getByTestId("fairness-page")).toBeVisible();
    await page.goBack();
    await page.getByTestId("set-language").click();
    await expect(page.getByTestId("language-sheet")).toBeVisible();
    await shot(page, locale, "09-language-sheet");

    await page.goto("/h5/pages/password/password?type=login");
    await expect(page.getByText(text.password.titleLogin).first()).toBeVisible();
    await expectPolished(page);
    await shot(page, locale, "10-password-login");

    await page.goto("/h5/pages/password/password?type=pay");
    await expect(page.getByText(text.password.titlePay).first()).toBeVisible();
    await page.getByTestId("password-submit").click();
    await expectPolished(page);
    await shot(page, locale, "11-password-pay-errors");

    await page.goto("/h5/pages/no/such/page");
    await expect(page.getByTestId("not-found")).toBeVisible();
    await expectPolished(page);
    await shot(page, locale, "12-not-found");
  });
}

test("a page whose code cannot load offers a retry that recovers", async ({ page }) => {
  await page.route(/\/h5\/static\/js\/Settings-.*\.js$/, (route) => route.abort());
  await logInViaForm(page, DEMO.user.account, DEMO.user.password);
  await page.getByTestId("user-settings").click();
  await expect(page.getByTestId("chunk-error")).toBeVisible();
  await shot(page, "zh-CN", "13-chunk-error");
  await page.unroute(/\/h5\/static\/js\/Settings-.*\.js$/);
  await page.getByTestId("chunk-retry").click();
  await expect(page.getByTestId("set-language")).toBeVisible();
});

test("the main screens fit the phone in all ten languages", async ({ page }) => {
  await logInViaForm(page, DEMO.user.account, DEMO.user.password);
  for (const locale of ALL_LOCALES) {
    for (const [name, url, ready] of [
      ["home", HOME, "tab-home"],
      ["personal-center", "/h5/pages/user/user", "user-total-assets"],
      ["settings", "/h5/pages/set/set", "set-language"],
      ["proof-of-balance", "/h5/pages/solvency/solvency", "solvency-verdict"],
    ] as const) {
      await openInLanguage(page, locale, url, ready);
      await expect(page.getByTestId("user-total-assets").or(page.getByTestId(ready))).not.toHaveText("");
      await expectPolished(page);
      await shot(page, `all/${locale}`, name);
    }
  }
});
