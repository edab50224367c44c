import { expect, type Page, test } from "@playwright/test";
import { freshTotpCode } from "./admin-support";
import { confirmDialog, ERRORS, logInViaForm, newIdentity, proveInSheet, TEXT } from "./support";
import { expectPolished, settledShot, shot } from "./support-screens";

const zh = TEXT["zh-CN"];
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("a new user registers, signs in, sees the ledger's figures, changes language and password, signs out another device, turns on two-step sign-in, and leaves", async ({
  page,
  browser,
}) => {
  const { account, phone } = newIdentity();
  const password = "first-pass-1";
  const newPassword = "second-pass-2";
  const payPassword = "135790";

  // In German, registration starts from Germany's phone code and nationality, not China's.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-german-once")) {
      localStorage.setItem("language", "de");
      sessionStorage.setItem("e2e-german-once", "1");
    }
  });
  await page.goto("/h5/pages/login/registerCheck");
  await expect(page.getByTestId("register-country")).toHaveText("+49");
  await expect(page.getByTestId("register-nationality")).toHaveAttribute("data-value", "DE");
  await expectPolished(page);
  await shot(page, "de", "account-register-step1");
  await page.evaluate(() => localStorage.setItem("language", "zh-CN"));

  // Register, step 1: empty fields are named, then the demo code opens an account.
  await page.goto("/h5/pages/login/registerCheck");
  await page.getByTestId("register-next").click();
  await expect(page.getByTestId("register-account-error")).toHaveText(zh.register.accountRequired);
  await expect(page.getByTestId("register-phone-error")).toHaveText(zh.register.phoneRequired);
  await expect(page.getByTestId("register-code-error")).toHaveText(zh.register.codeRequired);
  await page.getByTestId("register-account").fill(account);
  await page.getByTestId("register-phone").fill(phone);
  await page.getByTestId("register-code").fill("TICKFAIR");

  // The nationality follows the phone's country until one is picked; a restricted one is refused at once.
  const nationality = page.getByTestId("register-nationality");
  await expect(nationality).toHaveAttribute("data-value", "CN");
  await nationality.click();
  await page.getByTestId("register-nationality-search").fill("KP");
  await page.getByTestId("register-nationality-KP").click();
  await expect(page.getByTestId("register-nationality-error")).toHaveText(ERRORS["zh-CN"].COUNTRY_RESTRICTED);
  await expect(page.getByTestId("register-next")).toBeDisabled();
  await nationality.click();
  await page.getByTestId("register-nationality-search").fill("DE");
  await page.getByTestId("register-nationality-DE").click();
  await expect(nationality).toHaveAttribute("data-value", "DE");
  await expect(page.getByTestId("register-nationality-error")).toHaveCount(0);
  await page.getByTestId("register-next").click();

  // Step 2: mismatched confirmations are caught before anything is sent.
  await expect(page).toHaveURL(/\/h5\/pages\/login\/register$/);
  await page.getByTestId("register-password").fill(password);
  await page.getByTestId("register-password-confirm").fill("something-else");
  await page.getByTestId("register-pay").fill(payPassword);
  await page.getByTestId("register-pay-confirm").fill("135791");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-password-confirm-error")).toHaveText(zh.register.passwordsMismatch);
  await expect(page.getByTestId("register-pay-confirm-error")).toHaveText(zh.register.payPasswordsMismatch);
  await page.getByTestId("register-password-confirm").fill(password);
  await page.getByTestId("register-pay-confirm").fill(payPassword);
  await page.getByTestId("register-submit").click();
  await expect(page.getByText(zh.register.success)).toBeVisible();

  // Login: an empty password and a wrong one each say so; the right one opens the personal center.
  await expect(page).toHaveURL(/\/h5\/pages\/login\/login/);
  await expect(page.getByTestId("login-account")).toHaveValue(account);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-password-error")).toHaveText(zh.login.passwordRequired);
  await page.getByTestId("login-password").fill("wrong-password");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-password-error")).toHaveText(ERRORS["zh-CN"].INVALID_CREDENTIALS);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);
  await expect(page.getByTestId("user-total-assets")).toHaveText("0.00");

  // Money posted through the ledger shows in the figures.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem("tickfair-session") ?? "{}").state?.token as string,
  );
  const topUp = await page.request.post("/api/v1/cashier/demo-topup", {
    headers: { authorization: `Bearer ${token}`, "idempotency-key": `e2e-${account}` },
    data: { amount: "12345.60" },
  });
  expect(topUp.ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("user-total-assets")).toHaveText("12,345.60");
  await expect(page.getByTestId("user-available")).toHaveText("12,345.60");
  await expect(page.getByTestId("user-account-pnl")).toContainText("0.00");
  await expect(page.getByTestId("user-today-pnl")).toContainText("0.00");
  await expectPolished(page);

  // Settings: English, then Thai; a reload keeps the choice.
  await page.getByTestId("user-settings").click();
  await page.getByTestId("set-language").click();
  await page.getByTestId("language-option-en").click();
  await expect(page.getByTestId("set-language")).toContainText(TEXT.en.settings.language);
  await page.getByTestId("set-language").click();
  await page.getByTestId("language-option-th").click();
  await expect(page.getByTestId("set-language")).toContainText(TEXT.th.settings.language);
  await page.reload();
  await expect(page.getByTestId("set-language")).toContainText(TEXT.th.settings.language);
  expect(
    await page.evaluate(() => [document.documentElement.lang, localStorage.getItem("language")]),
  ).toEqual(["th", "th"]);
  await page.getByTestId("set-language").click();
  await page.getByTestId("language-option-en").click();
  await expect(page.getByTestId("set-language")).toContainText(TEXT.en.settings.language);

  // Change the login password: the transaction password confirms it is the owner, and the old one is
  // still required.
  await page.getByTestId("set-login-password").click();
  await page.getByTestId("password-old").fill("not-my-password");
  await page.getByTestId("password-new").fill(newPassword);
  await page.getByTestId("password-confirm").fill(newPassword);
  await page.getByTestId("password-submit").click();
  await expect(page.getByTestId("step-up-purpose")).toHaveText(TEXT.en.stepUp.for.changeLoginPassword);
  await expectPolished(page);
  await settledShot(page, "en", "account-password-step-up", { sheet: true });
  await proveInSheet(page, payPassword);
  await expect(page.getByTestId("password-old-error")).toHaveText(ERRORS.en.OLD_PASSWORD_WRONG);
  await page.getByTestId("password-old").fill(password);
  await page.getByTestId("password-confirm").fill("mismatch-123");
  await page.getByTestId("password-submit").click();
  await expect(page.getByTestId("password-confirm-error")).toHaveText(TEXT.en.password.mismatch);
  await page.getByTestId("password-confirm").fill(newPassword);
  await page.getByTestId("password-submit").click();
  await proveInSheet(page, payPassword);
  await expect(page.getByText(TEXT.en.common.operationSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/h5\/pages\/set\/set/);

  // Log out, with a confirmation.
  await page.goto("/h5/pages/user/user");
  await page.getByTestId("user-logout").click();
  await expect(page.getByText(TEXT.en.user.logoutConfirm)).toBeVisible();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/h5\/pages\/login\/login/);

  // The old password no longer works; the new one does.
  await page.getByTestId("login-account").fill(account);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-password-error")).toHaveText(ERRORS.en.INVALID_CREDENTIALS);
  await page.getByTestId("login-password").fill(newPassword);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);
  await expect(page.getByTestId("user-total-assets")).toHaveText("12,345.60");

  // Signed in on a second phone too: the devices page lists both, and signs the other out after the
  // transaction password; that phone is signed out at once.
  const otherPhone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
    userAgent: IPHONE_SAFARI,
  });
  const other = await otherPhone.newPage();
  await logInViaForm(other, account, newPassword);
  await page.getByTestId("user-settings").click();
  await page.getByTestId("set-sessions").click();
  await expect(page.getByTestId("sessions-row")).toHaveCount(2);
  await expect(page.getByTestId("sessions-row").first()).toContainText("Safari · iOS");
  await expect(page.getByTestId("sessions-this-device")).toHaveCount(1);
  await expectPolished(page);
  await settledShot(page, "en", "account-sessions");
  await page.evaluate(() => localStorage.setItem("language", "zh-CN"));
  await page.reload();
  await expect(page.getByTestId("sessions-this-device")).toHaveText(zh.sessions.thisDevice);
  await expectPolished(page);
  await settledShot(page, "zh-CN", "account-sessions");
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
  await page.getByTestId("sessions-end").click();
  await expect(
    page.getByText(TEXT.en.sessions.endConfirm.replace("{{device}}", "Safari · iOS")),
  ).toBeVisible();
  await confirmDialog(page);
  // Six digits send at once: a wrong password is said in the sheet, the right one ends the session.
  await expect(page.getByTestId("step-up-purpose")).toHaveText(TEXT.en.stepUp.for.endSessions);
  await page.getByTestId("step-up-pay-password").fill("000000");
  await expect(page.getByTestId("step-up-pay-password-error")).toHaveText(ERRORS.en.PAY_PASSWORD_WRONG);
  await settledShot(page, "en", "account-sessions-step-up", { sheet: true });
  await proveInSheet(page, payPassword);
  await expect(page.getByText(TEXT.en.sessions.ended)).toBeVisible();
  await expect(page.getByTestId("sessions-row")).toHaveCount(1);
  await expect(page.getByTestId("sessions-only-this")).toHaveText(TEXT.en.sessions.onlyThis);
  await settledShot(page, "en", "account-sessions-only-this");
  await other.goto("/h5/pages/user/user");
  await expect(other).toHaveURL(/\/h5\/pages\/login\/login/);
  await otherPhone.close();
  await page.goto("/h5/pages/user/user");

  // Two-step sign-in: scan (the key is read from the page, as an authenticator app would), confirm
  // with the app's code, keep the recovery codes; then the login asks for a code after the password.
  await enrolTwoStep(page, "en");
  await signOutAndInToCode(page, account, newPassword);
  await page.getByTestId("login-code").fill("000000");
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByTestId("login-code-error")).toHaveText(ERRORS.en.SECOND_FACTOR_INVALID);
  await expectPolished(page);
  await settledShot(page, "en", "account-login-code");
  await page.getByTestId("login-code").fill(await freshTotpCode(secretOf.en));
  await page.getByTestId("login-code-submit").click();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);

  // In Chinese: turning it off takes the transaction password; on again, and a recovery code signs in.
  await page.getByTestId("user-settings").click();
  await page.getByTestId("set-language").click();
  await page.getByTestId("language-option-zh-CN").click();
  await page.getByTestId("set-two-factor").click();
  await expect(page.getByTestId("totp-state")).toHaveText(zh.twoFactor.on);
  await page.getByTestId("totp-turn-off-open").click();
  await confirmDialog(page);
  await expect(page.getByTestId("step-up-purpose")).toHaveText(zh.stepUp.for.disableTotp);
  await proveInSheet(page, payPassword);
  await expect(page.getByTestId("totp-state")).toHaveText(zh.twoFactor.off);
  const recovery = await enrolTwoStep(page, "zh-CN");
  await signOutAndInToCode(page, account, newPassword);
  await expectPolished(page);
  await settledShot(page, "zh-CN", "account-login-code");
  await page.getByTestId("login-use-recovery").click();
  await page.getByTestId("login-recovery-code").fill(recovery);
  await page.getByTestId("login-code-submit").click();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);

  // Clear the cache: the session ends, storage is emptied, and a login is required again.
  await page.getByTestId("user-settings").click();
  await page.getByTestId("set-clear-cache").click();
  await expect(page.getByText(zh.settings.clearCacheConfirm)).toBeVisible();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/h5\/pages\/login\/login/);
  expect(
    await page.evaluate(
      () => JSON.parse(localStorage.getItem("tickfair-session") ?? "{}").state?.token ?? null,
    ),
  ).toBeNull();
  const ended = await page.request.get("/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
  expect(ended.status()).toBe(401);
  await page.goto("/h5/pages/user/user");
  await expect(page).toHaveURL(/\/h5\/pages\/login\/login\?redirect=/);
});

/** Signs out from the personal center and in again with the password, up to the login's code step. */
async function signOutAndInToCode(page: Page, account: string, password: string): Promise<void> {
  await page.goto("/h5/pages/user/user");
  await page.getByTestId("user-logout").click();
  await confirmDialog(page);
  await page.getByTestId("login-account").fill(account);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-code-step")).toBeVisible();
}

/** The authenticator's key each enrolment showed, by the language it was pictured in. */
const secretOf: Record<"en" | "zh-CN", string> = { en: "", "zh-CN": "" };

/** Turns two-step sign-in on from settings, pictured; answers the first recovery code shown. */
async function enrolTwoStep(page: Page, locale: "en" | "zh-CN"): Promise<string> {
  const texts = TEXT[locale].twoFactor;
  if (!page.url().includes("/pages/two-factor/")) {
    await page.goto("/h5/pages/set/set");
    await page.getByTestId("set-two-factor").click();
  }
  await expect(page.getByTestId("totp-state")).toHaveText(texts.off);
  await page.getByTestId("totp-turn-on").click();
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").getAttribute("data-secret")) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  secretOf[locale] = secret;
  await expectPolished(page);
  await settledShot(page, locale, "account-two-factor-qr");
  await page.getByTestId("totp-enrol-code").fill(await freshTotpCode(secret));
  await page.getByTestId("totp-enrol-submit").click();
  const codes = page.getByTestId("totp-recovery-code");
  await expect(codes).toHaveCount(10);
  await expectPolished(page);
  await settledShot(page, locale, "account-two-factor-codes");
  const first = (await codes.first().textContent()) ?? "";
  await page.getByTestId("totp-codes-saved").click();
  await expect(page.getByTestId("totp-state")).toHaveText(texts.on);
  return first;
}
