/**
 * The steps of the cashier journey (cashier.journey.ts) past the empty lists and the demo top-up, one
 * function each, in the order the journey takes them: each picks up where the previous one left the user.
 */
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { CSV_LABELS } from "../packages/contract/src/csv-labels";
import { consoleShot, DEMO_FINANCE, expectConsolePolished, openConsoleDesk } from "./admin-support";
import { proofPng, reviewSender, shooter, toast, underReview } from "./cashier-helpers";
import { confirmDialog, ERRORS, HOME, type newUser, proveInSheet, type ShotLocale, TEXT } from "./support";
import { expectPolished, shot } from "./support-screens";

/** One locale's pass through the cashier: its page, API client and user. */
export interface CashierRun {
  page: Page;
  request: APIRequestContext;
  locale: ShotLocale;
  user: Awaited<ReturnType<typeof newUser>>;
}

/** Withdrawal account: not bound, then a bank card (every field required). */
export async function bindBankCard({ page, locale, user }: CashierRun) {
  const text = TEXT[locale];
  const errors = ERRORS[locale];
  const shoot = shooter(locale);
  await page.goto("/h5/pages/user/user");
  await page.getByTestId("user-withdraw-account").click();
  await expect(page).toHaveURL(/\/h5\/pages\/account\/account$/);
  await expect(page.getByTestId("account-not-bound")).toContainText(text.cashier.notBound);
  await expectPolished(page);
  await shoot(page, "07-account-not-bound");
  await page.getByTestId("account-bind-bank").click();
  await expect(page).toHaveURL(/\/h5\/pages\/account\/account-detail\?type=bank$/);
  // Sent empty: each field names what it needs, as registration's do.
  await page.getByTestId("account-submit").click();
  for (const field of ["accountName", "nationality", "bankName", "cardNumber", "bankAddress"] as const) {
    await expect(page.getByTestId(`account-${field}-error`)).toHaveText(text.account[`${field}Required`]);
  }
  await expectPolished(page);
  await shoot(page, "08-account-bind-errors");
  const china = locale === "en" ? "China" : "中国";
  const bankName = locale === "en" ? "Bank of Example" : "示例银行";
  const bankAddress = locale === "en" ? "1 Main Street, Shanghai" : "上海市示例路 1 号";
  await page.getByTestId("account-accountName").fill("Li Lei");
  // The nationality is chosen from the countries named in the user's language, found by searching.
  await page.getByTestId("account-nationality").click();
  await expect(page.getByTestId("account-nationality-list")).toBeVisible();
  await page.waitForTimeout(500);
  await shot(page, locale, "cashier-09-account-nationality-sheet");
  await page.getByTestId("account-nationality-search").fill(china);
  await page.getByTestId("account-nationality-CN").click();
  await expect(page.getByTestId("account-nationality")).toHaveText(china);
  await expect(page.getByTestId("account-nationality-error")).toHaveCount(0);
  await page.getByTestId("account-bankName").fill(bankName);
  // Typed letters and spaces never reach the card number; too few digits are caught before the dialog.
  await page.getByTestId("account-cardNumber").pressSequentially("62ab 22-x");
  await expect(page.getByTestId("account-cardNumber")).toHaveValue("6222");
  await page.getByTestId("account-bankAddress").fill(bankAddress);
  await page.getByTestId("account-submit").click();
  await expect(page.getByTestId("account-cardNumber-error")).toHaveText(errors.CARD_NUMBER_INVALID);
  await expect(page.locator(".adm-dialog-body")).toHaveCount(0);
  await page.getByTestId("account-cardNumber").fill("6222 0212 3456 7890");
  await expect(page.getByTestId("account-cardNumber")).toHaveValue("6222021234567890");
  await expectPolished(page);
  await shoot(page, "09-account-bind-filled");
  await page.getByTestId("account-submit").click();
  // The confirmation repeats what is about to be locked, the card number in fours.
  const confirm = page.getByTestId("account-confirm");
  await expect(confirm).toContainText(text.account.confirmText);
  await expect(confirm.getByTestId("account-confirm-type")).toHaveText(text.account.typeBank);
  await expect(confirm.getByTestId("account-confirm-accountName")).toHaveText("Li Lei");
  await expect(confirm.getByTestId("account-confirm-nationality")).toHaveText(china);
  await expect(confirm.getByTestId("account-confirm-bankName")).toHaveText(bankName);
  await expect(confirm.getByTestId("account-confirm-cardNumber")).toHaveText("6222 0212 3456 7890");
  await expect(confirm.getByTestId("account-confirm-bankAddress")).toHaveText(bankAddress);
  await shoot(page, "10-account-bind-confirm", { dialog: true });
  await confirmDialog(page);
  // Then the step-up: binding where money will go needs the transaction password too.
  await expect(page.getByTestId("step-up-purpose")).toHaveText(text.stepUp.for.bindAccount);
  await expectPolished(page);
  await shoot(page, "10-account-bind-step-up", { sheet: true });
  await proveInSheet(page, user.payPassword);
  await toast(page, text.common.operationSuccess);
  await expect(page).toHaveURL(/\/h5\/pages\/account\/account$/);
  await expect(page.getByTestId("account-card")).toContainText("7890");
  await expect(page.getByTestId("account-card")).not.toContainText("0212 3456");
  await expect(page.getByTestId("account-nationality")).toHaveText(china);
  await expect(page.getByTestId("account-locked-note")).toContainText(text.account.lockedNote);
  await expect(page.getByTestId("account-chat")).toHaveAttribute("href", "/h5/pages/kefu/kefu");
  await expectPolished(page);
  await shoot(page, "11-account-bound");
  await page.goto("/h5/pages/account/account-detail?type=crypto");
  await expect(page.getByTestId("account-readonly")).toBeVisible();
  await expect(page.getByTestId("account-submit")).toHaveCount(0);
  await expectPolished(page);
  await shoot(page, "12-account-detail-readonly");
}

/**
 * Withdraw: checks, a wrong transaction password, then a withdrawal that is cancelled and another that an
 * operator approves.
 */
export async function withdrawCancelThenApproved({ page, request, locale, user }: CashierRun) {
  const text = TEXT[locale];
  const errors = ERRORS[locale];
  const shoot = shooter(locale);
  const sendForReview = reviewSender(page, locale);
  await page.goto("/h5/pages/user/user");
  await page.getByTestId("user-withdraw").click();
  await expect(page).toHaveURL(/\/h5\/pages\/withdraw-money\/withdraw-money$/);
  await expect(page.getByTestId("withdraw-available")).toHaveText("20,000.00");
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("withdraw-amount-error")).toHaveText(text.cashier.amountRequired);
  // The transaction password is asked only for an amount that could be sent.
  await expect(page.getByTestId("step-up-sheet")).toHaveCount(0);
  await page.getByTestId("withdraw-all").click();
  await expect(page.getByTestId("withdraw-amount")).toHaveValue("20000.00");
  // Past the balance, no fee or amount received is shown beside the refusal.
  await page.getByTestId("withdraw-amount").fill("20000.01");
  await expect(page.getByTestId("withdraw-fee")).toHaveText("—");
  await expect(page.getByTestId("withdraw-received")).toHaveText("—");
  await page.getByTestId("withdraw-amount").fill("1000");
  await expect(page.getByTestId("withdraw-received")).not.toHaveText("—");
  await shoot(page, "14-withdraw-filled");
  // The step-up's sheet asks for the transaction password for this amount; a wrong one stays in it.
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("step-up-purpose")).toHaveText(
    text.stepUp.for.withdrawal.replace("{{amount}}", "1,000.00"),
  );
  await expectPolished(page);
  await shoot(page, "13-withdraw-step-up", { sheet: true });
  await page.getByTestId("step-up-pay-password").fill("135791");
  await expect(page.getByTestId("step-up-pay-password-error")).toHaveText(errors.PAY_PASSWORD_WRONG);
  await expect(page.getByTestId("step-up-pay-password")).toHaveValue("");
  await shoot(page, "13-withdraw-wrong-password", { sheet: true });
  // Closed, nothing is sent; sent again, the right password withdraws.
  await page.getByTestId("step-up-cancel").click();
  await expect(page.getByTestId("step-up-sheet")).toBeHidden();
  await expect(page.getByTestId("withdraw-amount")).toHaveValue("1000");
  const first = await sendForReview(
    "withdrawal",
    /\/h5\/pages\/withdraw-list\/withdraw-list$/,
    "1,000.00",
    "15-withdrawal-under-review",
    user.payPassword,
  );
  await first.getByTestId("withdrawal-cancel").click();
  await expect(page.locator(".adm-dialog-body")).toContainText("1,000.00");
  await shoot(page, "16-withdrawal-cancel-confirm", { dialog: true });
  await confirmDialog(page);
  await toast(page, text.common.operationSuccess);
  await expect(first.getByTestId("withdrawal-status")).toHaveText(text.cashier.status.cancelled);
  await expect(first.getByTestId("withdrawal-cancel")).toHaveCount(0);
  // A cancelled withdrawal paid nothing out: no "amount received".
  await expect(first.getByTestId("withdrawal-received")).toHaveCount(0);

  // Withdraw again; an operator approves it; the details say success.
  await page.goto("/h5/pages/withdraw-money/withdraw-money");
  await expect(page.getByTestId("withdraw-available")).toHaveText("20,000.00");
  await page.getByTestId("withdraw-amount").fill("1500.50");
  await page.getByTestId("withdraw-submit").click();
  await proveInSheet(page, user.payPassword);
  await toast(page, text.common.operationSuccess);
  await expect(page).toHaveURL(/\/h5\/pages\/withdraw-list\/withdraw-list$/);
  await expect(page.getByTestId("withdrawal-item")).toHaveCount(2);
  const pending = await underReview(request, "withdrawals", user.account);
  expect(pending.item.amount).toBe("1500.50");
  const latest = page.getByTestId("withdrawal-item").first();
  const steps = latest.getByTestId("withdrawal-step");
  await expect(steps.last()).toHaveAttribute("data-kind", "waiting");
  // A reviewer takes it: the open list shows the step at once, with no reload.
  const taken = await request.post(`/api/v1/operator/withdrawals/${pending.item.id}/pick-up`, {
    headers: pending.headers,
  });
  expect(taken.ok(), await taken.text()).toBe(true);
  await expect(latest.locator('[data-kind="picked_up"]')).toContainText(text.withdraw.timeline.picked_up);
  const approved = await request.post(`/api/v1/operator/withdrawals/${pending.item.id}/approve`, {
    headers: pending.headers,
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  // Approved is not received: the list says the payment is being sent.
  await expect(latest.getByTestId("withdrawal-status")).toHaveText(text.withdraw.timeline.statusSending);
  await expect(steps.last()).toHaveAttribute("data-kind", "sending");
  await expect(steps.last()).toHaveText(text.withdraw.timeline.sending);
  await expect(latest.getByTestId("withdrawal-amount-value")).toHaveText("1,500.50");
  await expect(latest.getByTestId("withdrawal-cancel")).toHaveCount(0);
  await expect(latest.getByTestId("withdrawal-received")).toBeVisible();
  await expectPolished(page);
  await shoot(page, "17a-withdrawals-approved-sending");
  return pending.item.id;
}

/**
 * The finance operator sends the approved withdrawal's money and marks it paid in the console with the
 * payment's reference; the user's open list shows it paid, with the reference and the time it took.
 */
export async function withdrawalPaidWithReference(run: CashierRun, browser: Browser, withdrawalId: string) {
  const { page, locale } = run;
  const text = TEXT[locale];
  const shoot = shooter(locale);
  const reference = `BANK-${withdrawalId}-${locale === "en" ? "EN" : "ZH"}`;
  const desk = await openConsoleDesk(browser, locale, DEMO_FINANCE);
  await desk.goto("/admin/withdrawals?status=success");
  const row = desk.getByTestId("withdrawals-table").locator(`tr[data-row-key="${withdrawalId}"]`);
  await row.getByTestId("withdrawal-mark-paid").click();
  await desk.getByTestId("payment-reference").fill(reference);
  await consoleShot(desk, locale, "withdrawal-mark-paid");
  await desk.locator(".ant-modal-footer .ant-btn-primary").click();
  await expect(row.getByTestId("withdrawal-mark-paid")).toHaveCount(0);
  await row.locator(".ant-table-row-expand-icon").click();
  const timeline = desk.getByTestId("withdrawal-timeline");
  await expect(timeline.locator('[data-kind="paid"]')).toContainText(reference);
  await expectConsolePolished(desk);
  await consoleShot(desk, locale, "withdrawal-paid-timeline");
  await desk.context().close();

  // The phone hears it without a reload: paid, with the reference and how long after the request.
  const latest = page.getByTestId("withdrawal-item").first();
  await expect(latest.getByTestId("withdrawal-status")).toHaveText(text.withdraw.timeline.statusPaid);
  const paid = latest.locator('[data-kind="paid"]');
  await expect(paid.getByTestId("withdrawal-reference")).toContainText(reference);
  await expect(paid).toContainText(text.withdraw.timeline.afterRequest.split("{{elapsed}}").join("").trim());
  await expect(latest.locator('[data-kind="sending"]')).toHaveCount(0);
  await expectPolished(page);
  await shoot(page, "17b-withdrawal-paid-timeline");

  // The published payout times now count it; the withdraw page says nothing is asked to release one.
  await page.goto("/h5/pages/withdraw-money/withdraw-money");
  await expect(page.getByTestId("payout-median")).not.toBeEmpty();
  await expect(page.getByTestId("payout-pledge")).toContainText(text.withdraw.payouts.complain);
  await page.getByTestId("payout-times").scrollIntoViewIfNeeded();
  await expectPolished(page);
  await shoot(page, "17c-withdraw-payout-times");
}

/** A bank deposit request with a proof image; an operator confirms it. */
export async function depositConfirmedLive({ page, request, locale, user }: CashierRun) {
  const text = TEXT[locale];
  const shoot = shooter(locale);
  const sendForReview = reviewSender(page, locale);
  await page.goto("/h5/pages/deposit/deposit");
  await page.getByTestId("deposit-method-bank").click();
  await page.getByTestId("deposit-submit").click();
  await expect(page.getByTestId("deposit-amount-error")).toHaveText(text.cashier.amountRequired);
  await expect(page.getByTestId("deposit-reference-error")).toHaveText(text.deposit.referenceRequired);
  await page.getByTestId("deposit-amount").fill("5");
  await page.getByTestId("deposit-amount").blur();
  await page.getByTestId("deposit-submit").click();
  await expect(page.getByTestId("deposit-amount-error")).toHaveText(
    text.cashier.amountBelowMin.replace("{{amount}}", "10.00"),
  );
  await page.getByTestId("deposit-quick-500").click();
  await expect(page.getByTestId("deposit-amount")).toHaveValue("500");
  await page.getByTestId("deposit-amount").fill("300");
  await page.getByTestId("deposit-reference").fill(`E2E ${user.account}`);
  await page.getByTestId("deposit-proof-input").setInputFiles({
    name: "transfer.png",
    mimeType: "image/png",
    buffer: proofPng(),
  });
  await expect(page.getByTestId("deposit-proof-thumb")).toHaveAttribute("data-status", "done");
  await expectPolished(page);
  await shoot(page, "18-deposit-filled");
  await sendForReview(
    "deposit",
    /\/h5\/pages\/withdraw-list\/withdraw-open$/,
    "300.00",
    "19-deposit-under-review",
  );

  // The personal center is open while the operator confirms: its figures follow without a reload.
  await page.goto("/h5/pages/user/user");
  await expect(page.getByTestId("user-available")).toHaveText("18,499.50");
  const waiting = await underReview(request, "deposits", user.account);
  expect(waiting.item.amount).toBe("300.00");
  const confirmed = await request.post(`/api/v1/operator/deposits/${waiting.item.id}/confirm`, {
    headers: waiting.headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(page.getByTestId("user-available")).toHaveText("18,799.50");
  await expect(page.getByTestId("user-total-assets")).toHaveText("18,799.50");
  await expectPolished(page);
  await shoot(page, "20-personal-center-after");

  await page.getByTestId("user-deposit-details").click();
  await expect(page.getByTestId("deposit-item").first().getByTestId("deposit-status")).toHaveText(
    text.cashier.status.success,
  );
}

/** Fund records (tab 3): every movement, signed and coloured, filterable, exportable. */
export async function fundRecordsFilteredAndExported({ page, locale }: CashierRun) {
  const text = TEXT[locale];
  const shoot = shooter(locale);
  await page.goBack();
  await page.getByTestId("user-fund-records").click();
  await expect(page).toHaveURL(/\/h5\/pages\/money-record\/money-record$/);
  await expect(page.getByTestId("fund-record").first()).toBeVisible();
  await expectPolished(page);
  await shoot(page, "21-fund-records-page");
  // Opened after the last day closed, this account is in no snapshot yet: the proof says when it will be.
  await page.getByTestId("records-solvency").click();
  await expect(page.getByTestId("solvency-not-included")).toContainText(text.solvency.notIncluded);
  await expectPolished(page);
  await shoot(page, "21b-proof-not-yet");
  await page.goBack();

  await page.goto(HOME);
  await page.getByTestId("tab-records").click();
  await expect(page).toHaveURL(/\/h5\/pages\/money-record\/money-records$/);
  const rows = page.getByTestId("fund-record");
  const newest = rows.first();
  await expect(newest).toHaveAttribute("data-type", "deposit");
  await expect(newest.getByTestId("fund-record-amount")).toHaveText("+300.00");
  await expect(newest.getByTestId("fund-record-amount")).toHaveClass(/pnl-up/);
  await expect(newest).toContainText(text.cashier.fundType.deposit);
  await expect(page.locator('[data-testid="fund-record"][data-type="withdrawal"]').first()).toBeVisible();
  await expect(
    page
      .locator('[data-testid="fund-record"][data-type="withdrawal"]')
      .first()
      .getByTestId("fund-record-amount"),
  ).toHaveClass(/pnl-down/);
  await expect(page.locator('[data-testid="fund-record"][data-type="demo_grant"]')).toHaveCount(1);
  await expectPolished(page);
  await shoot(page, "22-fund-records", { viewport: true });

  await page.getByTestId("records-filter-deposit").click();
  await expect(page.getByTestId("records-filter-deposit")).toHaveAttribute("aria-pressed", "true");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-type", "deposit");
  await expectPolished(page);
  await shoot(page, "23-fund-records-filtered");
  await page.getByTestId("records-filter-savings_income").click();
  await expect(page.getByTestId("records-empty")).toContainText(text.cashier.noFundRecords);

  await page.getByTestId("records-filter-all").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("records-export").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString("utf8");
  // A file for people: a BOM so spreadsheets read it as UTF-8, the header and types in their language.
  const labels = CSV_LABELS[locale].fundRecords;
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv).toContain(`"${labels.columns.balanceAfter}"`);
  expect(csv).toContain(`"${labels.types.deposit}"`);
  expect(csv).toContain("300.00");
  // Its times are the device's, as on the screen, and both say which zone that is.
  expect(csv).toContain(`"${labels.columns.time.replace("{{zone}}", "Asia/Shanghai")}"`);
  await expect(page.getByTestId("records-time-zone")).toContainText("Asia/Shanghai");
}
