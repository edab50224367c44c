import { expect, test } from "@playwright/test";
import { shooter, toast } from "./cashier-helpers";
import {
  bindBankCard,
  depositConfirmedLive,
  fundRecordsFilteredAndExported,
  withdrawalPaidWithReference,
  withdrawCancelThenApproved,
} from "./cashier-steps";
import {
  ALL_LOCALES,
  apiUser,
  bindCurrencyAddress,
  ERRORS,
  logInViaForm,
  newUser,
  openInLanguage,
  postOk,
  requestBankDeposit,
  requestWithdrawal,
  SHOT_LOCALES,
  SHOT_RUNS,
  signedInUser,
  TEXT,
} from "./support";
import { expectPolished, settledShot, shot } from "./support-screens";

for (const { locale, text } of SHOT_RUNS) {
  const shoot = shooter(locale);

  test(`cashier in ${locale}: demo top-up, bind, withdraw, cancel, approve, pay, deposit, confirm`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const user = await signedInUser(page, request, locale);
    const run = { page, request, locale, user };

    // ── A fresh user: every list is empty, no withdrawal account ───────────────────────────────
    await page.goto("/h5/pages/money-record/money-records");
    await expect(page.getByTestId("records-empty")).toContainText(text.cashier.noFundRecords);
    await expect(page.getByTestId("tab-records")).toHaveClass(/active/);
    await expectPolished(page);
    await shoot(page, "01-fund-records-empty");

    const emptyPages: [url: string, emptyState: string, says: string, name: string][] = [
      [
        "/h5/pages/withdraw-list/withdraw-open",
        "deposits-empty",
        text.cashier.noDepositRecords,
        "02-deposits-empty",
      ],
      [
        "/h5/pages/withdraw-list/withdraw-list",
        "withdrawals-empty",
        text.cashier.noWithdrawalRecords,
        "03-withdrawals-empty",
      ],
      [
        "/h5/pages/withdraw-money/withdraw-money",
        "withdraw-not-bound",
        text.cashier.notBound,
        "04-withdraw-not-bound",
      ],
    ];
    for (const [url, emptyState, says, name] of emptyPages) {
      await page.goto(url);
      await expect(page.getByTestId(emptyState)).toContainText(says);
      await expectPolished(page);
      await shoot(page, name);
    }

    // ── Deposit page: the demo top-up credits virtual money at once ────────────────────────────
    await page.goto("/h5/pages/user/user");
    await page.getByTestId("user-deposit").click();
    await expect(page).toHaveURL(/\/h5\/pages\/deposit\/deposit$/);
    await expect(page.getByTestId("deposit-demo")).toContainText(text.deposit.demoTitle);
    await expect(page.getByTestId("deposit-available")).toHaveText("0.00");
    await expect(page.getByTestId("deposit-method-bank")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("deposit-account-number")).not.toBeEmpty();
    await expectPolished(page);
    await shoot(page, "05-deposit");
    await page.getByTestId("deposit-demo-amount").fill("");
    await page.getByTestId("deposit-demo-amount").pressSequentially("20000.555");
    await expect(page.getByTestId("deposit-demo-amount")).toHaveValue("20000.55");
    await page.getByTestId("deposit-demo-amount").fill("20000");
    await page.getByTestId("deposit-demo-submit").click();
    await toast(page, text.common.operationSuccess);
    await expect(page.getByTestId("deposit-available")).toHaveText("20,000.00");

    // The currency method shows its address with a QR code drawn in the page.
    await page.getByTestId("deposit-method-crypto").click();
    await expect(page.getByTestId("deposit-address")).not.toBeEmpty();
    await expect(page.getByTestId("deposit-qr")).toHaveAttribute("data-ready", "true");
    await expect(page.getByTestId("deposit-qr").locator("img")).toBeVisible();
    await expectPolished(page);
    await shoot(page, "06-deposit-crypto");

    // Bind a card, withdraw, deposit, then read the fund records: each step where the last one left off.
    await bindBankCard(run);
    const approved = await withdrawCancelThenApproved(run);
    await withdrawalPaidWithReference(run, browser, approved);
    await depositConfirmedLive(run);
    await fundRecordsFilteredAndExported(run);
  });
}

test("fund records page through the cursor as the list is scrolled", async ({ page, request }) => {
  const user = await newUser(page, request, "en");
  // 25 movements: more than one page of 20.
  for (let n = 1; n <= 25; n++) {
    await postOk(
      request,
      user.auth,
      "/cashier/demo-topup",
      { amount: `${n}.00` },
      `page-${user.account}-${n}`,
    );
  }
  await logInViaForm(page, user.account, user.password);
  await page.getByTestId("user-fund-records").click();
  const rows = page.getByTestId("fund-record");
  await expect(rows.first().getByTestId("fund-record-amount")).toHaveText("+25.00");
  await rows.nth(19).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(rows).toHaveCount(25);
  await expect(rows.last().getByTestId("fund-record-amount")).toHaveText("+1.00");
  await expect(page.getByText(TEXT.en.cashier.noMore)).toBeVisible();
  await expectPolished(page);
});

test("the cashier screens fit the phone in all ten languages", async ({ page, request }) => {
  test.setTimeout(240_000);
  // One user with something in every list (set up through the API), one with nothing bound yet.
  const full = await apiUser(request, "123456.78");
  const fresh = await apiUser(request);
  await bindCurrencyAddress(request, full.auth);
  await requestWithdrawal(request, full, "2345.60", `all-${full.account}-2`);
  await requestBankDeposit(
    request,
    full.auth,
    { amount: "888.00", reference: "ALL-LOCALES" },
    `all-${full.account}-3`,
  );

  // Each screen's address, and what shows once it is ready.
  const screens = {
    deposit: { url: "/h5/pages/deposit/deposit", ready: "deposit-submit" },
    account: { url: "/h5/pages/account/account", ready: "withdrawal-account" },
    withdraw: { url: "/h5/pages/withdraw-money/withdraw-money", ready: "withdraw-submit" },
    withdrawals: { url: "/h5/pages/withdraw-list/withdraw-list", ready: "withdrawal-item" },
    deposits: { url: "/h5/pages/withdraw-list/withdraw-open", ready: "deposit-item" },
    "fund-records": { url: "/h5/pages/money-record/money-records", ready: "fund-record" },
  };

  await logInViaForm(page, full.account, full.password);
  for (const locale of ALL_LOCALES) {
    for (const [name, { url, ready }] of Object.entries(screens)) {
      await openInLanguage(page, locale, url, ready);
      if (name === "withdraw") {
        // The fee and the amount received, then the step-up's sheet, in this language.
        await page.getByTestId("withdraw-amount").fill("50");
        await expect(page.getByTestId("withdraw-received")).not.toHaveText("—");
        await page.getByTestId("withdraw-submit").click();
        await expect(page.getByTestId("step-up-sheet")).toBeVisible();
        await expectPolished(page);
        await settledShot(page, `all/${locale}`, "cashier-withdraw-step-up", { sheet: true });
        await page.getByTestId("step-up-cancel").click();
        await expect(page.getByTestId("step-up-sheet")).toBeHidden();
      }
      await expectPolished(page);
      await shot(page, `all/${locale}`, `cashier-${name}`);
    }
  }

  // Nothing bound: the not-bound states and the bind form with every field's message.
  await page.evaluate(() => localStorage.removeItem("tickfair-session"));
  await logInViaForm(page, fresh.account, fresh.password);
  for (const locale of ALL_LOCALES) {
    await openInLanguage(page, locale, "/h5/pages/account/account", "account-not-bound");
    await expectPolished(page);
    await shot(page, `all/${locale}`, "cashier-account-not-bound");
    await page.goto("/h5/pages/account/account-detail?type=bank");
    await page.getByTestId("account-submit").click();
    await expect(page.getByTestId("account-bankAddress-error")).toBeVisible();
    await expectPolished(page);
    await shot(page, `all/${locale}`, "cashier-bind-bank-errors");
    await page.getByTestId("account-type-crypto").click();
    await expect(page.getByTestId("account-network-TRC20")).toBeVisible();
    await expectPolished(page);
    await shot(page, `all/${locale}`, "cashier-bind-crypto");
  }
});

for (const locale of SHOT_LOCALES) {
  test(`repeated wrong transaction passwords lock withdrawals, and the page says until when (${locale})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[locale];
    const errors = ERRORS[locale];
    const user = await newUser(page, request, locale, "500.00");
    await bindCurrencyAddress(request, user.auth, `0x${"ab12".repeat(10)}`, "ERC20");

    await logInViaForm(page, user.account, user.password);
    await page.goto("/h5/pages/withdraw-money/withdraw-money");
    await expect(page.getByTestId("withdraw-locked")).toHaveCount(0);
    await page.getByTestId("withdraw-amount").fill("100");
    await page.getByTestId("withdraw-submit").click();
    const proof = page.getByTestId("step-up-pay-password");
    for (let attempt = 1; attempt <= 4; attempt++) {
      await proof.fill(`00000${attempt}`);
      await expect(page.getByTestId("step-up-pay-password-error")).toHaveText(errors.PAY_PASSWORD_WRONG);
    }
    await proof.fill("000005");
    await expect(page.getByTestId("step-up-pay-password-error")).toHaveText(text.stepUp.locked);
    await expect(page.getByTestId("step-up-confirm")).toBeDisabled();
    await expectPolished(page);
    await settledShot(page, locale, "cashier-24-withdraw-step-up-locked", { sheet: true });
    // Closed, the page reads the lock and says until when.
    await page.getByTestId("step-up-cancel").click();
    const banner = page.getByTestId("withdraw-locked");
    await expect(banner).toBeVisible();
    const prefix = text.withdraw.lockedUntil.split("{{time}}")[0] as string;
    await expect(banner).toContainText(prefix.trim());
    await expect(page.getByTestId("withdraw-submit")).toBeDisabled();
    // The right password does not help while the lock lasts, and a reload still shows it.
    await page.reload();
    await expect(page.getByTestId("withdraw-locked")).toBeVisible();
    await expect(page.getByTestId("withdraw-submit")).toBeDisabled();
    await expectPolished(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, locale, "cashier-24-withdraw-locked");
  });
}
