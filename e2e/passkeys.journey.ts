import { expect, type Page, test } from "@playwright/test";
import { bindCurrencyAddress, confirmDialog, logInViaForm, newUser, SHOT_RUNS, TEXT } from "./support";
import { expectPolished, settledShot } from "./support-screens";

const zh = TEXT["zh-CN"];
const PORT = Number(process.env.E2E_PORT ?? 8181);
const PASSKEYS = "/h5/pages/passkeys/passkeys";
const LOGIN = "/h5/pages/login/login";

// WebAuthn takes localhost over plain HTTP as a secure context; 127.0.0.1 is an address, no RP ID.
test.use({ baseURL: `http://localhost:${PORT}` });

/** A phone's built-in authenticator that keeps passkeys and verifies its user (Chromium's virtual one). */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Signs out from the personal center, as a user would. */
async function signOut(page: Page): Promise<void> {
  await page.goto("/h5/pages/user/user");
  await page.getByTestId("user-logout").click();
  await confirmDialog(page);
  await expect(page.getByTestId("user-logout")).toHaveCount(0);
}

test("a user adds a passkey, signs in with it, withdraws with it as proof, and removes it", async ({
  page,
  request,
}) => {
  await addVirtualAuthenticator(page);
  await page.addInitScript(() => {
    if (sessionStorage.getItem("e2e-no-passkey-autofill"))
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  const user = await newUser(page, request, "zh-CN", "100.00");
  await bindCurrencyAddress(request, user.auth);

  // A plain-HTTP address other than localhost cannot use passkeys: the login page says so, from its
  // own address, with the form — the app's info (held back here) is not waited for.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Held until the note is seen, then let through (this and every later ask).
  await page.route("**/api/v1/app", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`http://127.0.0.1:${PORT}${LOGIN}`);
  await expect(page.getByTestId("login-passkey-unavailable")).toHaveText(zh.login.passkeyNeedsHttps);
  release();
  await expect(page.getByTestId("login-passkey")).toHaveCount(0);
  await settledShot(page, "zh-CN", "passkeys-login-plain-http");

  await logInViaForm(page, user.account, user.password);
  await page.goto("/h5/pages/set/set");
  await page.getByTestId("set-passkeys").click();
  await expect(page).toHaveURL(new RegExp(`${PASSKEYS}$`));
  await expect(page.getByTestId("passkeys-empty")).toContainText(zh.passkeys.explain);
  await expectPolished(page);
  await settledShot(page, "zh-CN", "passkeys-empty");

  // A browser without WebAuthn (an old WebView) is told so, with nothing to press that can only fail.
  const noWebAuthn = await page.context().newPage();
  await noWebAuthn.addInitScript(() => Reflect.deleteProperty(window, "PublicKeyCredential"));
  await noWebAuthn.goto(PASSKEYS);
  await expect(noWebAuthn.getByTestId("passkeys-unavailable")).toHaveText(zh.passkeys.browserUnsupported);
  await expect(noWebAuthn.getByTestId("passkey-add")).toBeDisabled();
  await noWebAuthn.close();

  // Adding asks for a name, then the transaction password (the first passkey's step-up).
  await page.getByTestId("passkey-add").click();
  await page.getByTestId("passkey-name-submit").click();
  await expect(page.getByTestId("passkey-name-error")).toHaveText(zh.passkeys.nameRequired);
  await page.getByTestId("passkey-name").fill("我的手机");
  await page.getByTestId("passkey-name-submit").click();
  await expect(page.getByTestId("step-up-purpose")).toHaveText(zh.stepUp.for.addPasskey);
  await page.getByTestId("step-up-pay-password").fill(user.payPassword);
  await expect(page.getByTestId("passkey-item")).toHaveCount(1);
  await expect(page.getByTestId("passkey-item")).toContainText("我的手机");
  await expect(page.getByTestId("passkey-last-used")).toHaveText(zh.passkeys.neverUsed);

  // Signed out, the passkey signs in without the password: with the button where the browser has no
  // passkey autofill (pretended here), ...
  await page.evaluate(() => sessionStorage.setItem("e2e-no-passkey-autofill", "1"));
  await page.reload();
  await signOut(page);
  await expect(page).toHaveURL(new RegExp(`${LOGIN}$`));
  await expect(page.getByTestId("login-passkey")).toBeVisible();
  await expect(page.getByTestId("login-account")).toHaveAttribute("autocomplete", "username webauthn");
  await expectPolished(page);
  await settledShot(page, "zh-CN", "passkeys-login");
  await page.getByTestId("login-passkey").click();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);

  // A withdrawal now asks the passkey, not the transaction password: no sheet, the authenticator answers.
  await page.goto("/h5/pages/withdraw-money/withdraw-money");
  await page.getByTestId("withdraw-amount").fill("10");
  await page.getByTestId("withdraw-submit").click();
  await expect(page).toHaveURL(/\/h5\/pages\/withdraw-list\/withdraw-list$/);
  await expect(page.getByTestId("step-up-sheet")).toHaveCount(0);

  await page.goto(PASSKEYS);
  await expect(page.getByTestId("passkey-last-used")).not.toHaveText(zh.passkeys.neverUsed);
  for (const { locale } of SHOT_RUNS) {
    await page.evaluate((value) => localStorage.setItem("language", value), locale);
    await page.reload();
    await expect(page.getByTestId("passkey-item")).toBeVisible();
    await expectPolished(page);
    await settledShot(page, locale, "passkeys-list");
  }
  await signOut(page);
  await expect(page.getByTestId("login-passkey")).toHaveText(TEXT.en.login.passkey);
  await settledShot(page, "en", "passkeys-login");

  // ... and, where it has (Chromium), from the account field's suggestions as the login page opens.
  await page.evaluate(() => {
    sessionStorage.removeItem("e2e-no-passkey-autofill");
    localStorage.setItem("language", "zh-CN");
  });
  await page.reload();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);

  // Removing asks to confirm, then the passkey itself as the step-up (its user has one now).
  await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  await page.goto(PASSKEYS);
  await page.getByTestId("passkey-remove").click();
  await expect(page.locator(".adm-dialog-body")).toContainText("我的手机");
  await confirmDialog(page);
  await expect(page.getByTestId("passkeys-empty")).toBeVisible();
  await expect(page.getByTestId("step-up-sheet")).toHaveCount(0);
});
