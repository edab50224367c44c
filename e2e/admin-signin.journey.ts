import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  CONSOLE_TEXT,
  type ConsoleLocale,
  confirmConsole,
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_FINANCE,
  expectConsolePolished,
  freshTotpCode,
  operatorApiHeaders,
  setConsoleLanguage,
  typeTotpCode,
} from "./admin-support";
import { apiUser, bindCurrencyAddress, postOk, requestBankDeposit, requestWithdrawal } from "./support";

/** A payment slip as a phone photographs one: drawn by the browser, so the proof is a real image. */
async function paymentSlip(page: Page, reference: string): Promise<Buffer> {
  await page.setContent(
    `<div id="slip" style="width:360px;padding:20px;font:16px sans-serif;background:#fff;border:2px solid #1748c9">
      <b>Demo Bank — transfer receipt</b><p>To: Tickfair Demo Ltd</p><p>Amount: 20,000.00</p><p>Ref: ${reference}</p></div>`,
  );
  return page.locator("#slip").screenshot();
}

/**
 * Queues with something in them: a user's withdrawal, a small deposit without proof, and a large one
 * (above the second-approval threshold) with a proof image that a finance operator confirmed first.
 */
async function fillQueues(page: Page, request: APIRequestContext) {
  const user = await apiUser(request, "5000.00");
  const { auth } = user;
  const key = (name: string) => `${user.account}-${name}`;
  await bindCurrencyAddress(request, auth);
  await requestWithdrawal(request, user, "1200.00", key("w"));

  const reference = `TF-${user.account.slice(-6)}`;
  const upload = await request.post("/api/v1/files", {
    headers: auth,
    multipart: {
      file: { name: "slip.png", mimeType: "image/png", buffer: await paymentSlip(page, reference) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { fileId } = (await upload.json()) as { fileId: string };
  const large = await requestBankDeposit(
    request,
    auth,
    { amount: "20000.00", reference, proofFileId: fileId },
    key("d1"),
  );
  await requestBankDeposit(request, auth, { amount: "300.00", reference: "SMALL" }, key("d2"));

  // The demo's finance operator confirms it first: it now waits for a second operator.
  const finance = await operatorApiHeaders(request, DEMO_FINANCE);
  const first = await request.post(`/api/v1/operator/deposits/${large.id}/confirm`, { headers: finance });
  expect(first.status(), await first.text()).toBe(202);
  return { user, large };
}

for (const { locale, text } of consoleRuns()) {
  test(`an operator signs in with the authenticator and works the queues (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await operatorApiHeaders(request, DEMO_ADMIN);
    const { user, large } = await fillQueues(page, request);
    await setConsoleLanguage(page, locale);

    // ── Sign-in: the console sends a visitor to it, password then the six digits ─────────────────
    await page.goto("/admin/");
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole("heading", { name: text.signIn.title })).toBeVisible();
    await consoleShot(page, locale, "01-sign-in");
    await page.getByTestId("sign-in-username").fill(DEMO_ADMIN.username);
    await page.getByTestId("sign-in-password").fill("not-the-password");
    await page.getByTestId("sign-in-submit").click();
    await expect(page.getByRole("alert")).toBeVisible();
    await consoleShot(page, locale, "02-sign-in-wrong-password");
    await page.getByTestId("sign-in-password").fill(DEMO_ADMIN.password);
    await page.getByTestId("sign-in-submit").click();
    await expect(page.getByTestId("step-second-factor")).toBeVisible();
    await expect(page.getByText(text.signIn.totpPrompt)).toBeVisible();
    await consoleShot(page, locale, "03-totp");
    await typeTotpCode(page, "000000");
    await expect(page.getByRole("alert")).toBeVisible();
    await typeTotpCode(page, await freshTotpCode(DEMO_ADMIN.totpSecret));

    // ── The dashboard is the landing page; its queue card leads to the deposits ─────────────────
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId("operator-name")).toHaveText(DEMO_ADMIN.username);
    await expect(page.getByTestId("queue-deposits")).toBeVisible();
    await page.getByTestId("queue-deposits-open").click();

    // ── Deposits: the queue, and the large deposit a finance operator confirmed first ───────────
    await expect(page).toHaveURL(/\/admin\/deposits$/);
    const deposits = page.getByTestId("deposits-table");
    const row = deposits.locator("tr", { hasText: large.orderNo });
    await expect(row).toBeVisible();
    await expect(row).toContainText(text.deposits.awaitingSecondShort);
    await expect(row).toContainText("20,000.00");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "04-deposits");

    await row.getByRole("button", { name: text.review.review }).click();
    const drawer = page.locator(".ant-drawer-content");
    await expect(drawer.getByTestId("awaiting-second")).toContainText(DEMO_FINANCE.username);
    await expect(drawer.getByTestId("deposit-proof")).toBeVisible();
    // Who asks for the money, beside the review: the user, their balances and last ledger entries.
    const context = drawer.getByTestId("review-user-context");
    await expect(context).toContainText(user.account);
    await expect(context).toContainText(text.users.balances.cash);
    await expect(context.getByTestId("review-user-recent").locator("li").first()).toBeVisible();
    // The entries in words, never the ledger's codes; the verification as it stands.
    const recent = context.getByTestId("review-user-recent");
    await expect(recent).toContainText(text.users.entryKinds.withdrawal);
    await expect(recent).toContainText(text.users.entryKinds.demo_grant);
    await expect(recent).not.toContainText("demo_grant");
    await expect(context.getByTestId("verification-state")).toHaveText(
      text.verifications.states.not_submitted,
    );
    await consoleShot(page, locale, "05-deposit-awaiting-second");
    await drawer.getByTestId("deposit-confirm").click();
    await consoleShot(page, locale, "06-deposit-confirm-dialog");
    await confirmConsole(page);
    await expect(drawer.getByTestId("status-tag")).toHaveText(text.status.success);
    await page.locator(".ant-drawer-close").click();
    await expect(row).toHaveCount(0);

    // Reject the small one, with a reason the form insists on.
    const small = deposits.locator("tr", { hasText: user.account }).filter({ hasText: "300.00" });
    await small.getByRole("button", { name: text.review.review }).click();
    await drawer.getByRole("button", { name: text.review.reject }).click();
    const dialog = page.locator(".ant-modal-content");
    await dialog.getByRole("button", { name: text.review.reject }).click();
    await expect(dialog.getByText(text.review.reasonRequired)).toBeVisible();
    await dialog.getByTestId("reject-reason").fill(locale === "en" ? "No transfer arrived" : "未收到转账");
    await consoleShot(page, locale, "07-deposit-reject");
    await dialog.getByRole("button", { name: text.review.reject }).click();
    await expect(drawer.getByTestId("status-tag")).toHaveText(text.status.failed);
    await page.locator(".ant-drawer-close").click();

    // Every status, paged in the URL.
    await page.getByTestId("status-filter").getByText(text.status.all).click();
    await expect(page).toHaveURL(/status=all/);
    await expect(deposits.locator("tr", { hasText: large.orderNo })).toBeVisible();
    await consoleShot(page, locale, "08-deposits-all");

    // ── Withdrawals: the destination in full, approved after a confirmation ─────────────────────
    await page.getByTestId("nav-withdrawals").click();
    await expect(page).toHaveURL(/\/admin\/withdrawals$/);
    const withdrawal = page.getByTestId("withdrawals-table").locator("tr", { hasText: user.account });
    await expect(withdrawal).toBeVisible();
    await withdrawal.locator(".ant-table-row-expand-icon").click();
    await expect(page.getByText("TXyz123456789abcdefghijkmnopqrstuv")).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "09-withdrawals");
    await withdrawal.getByRole("button", { name: text.review.approve }).click();
    await confirmConsole(page);
    await expect(withdrawal).toHaveCount(0);
    await expect(page.getByText(text.withdrawals.emptyQueue)).toBeVisible();
    await consoleShot(page, locale, "10-withdrawals-empty");

    // ── The audit log shows what was just done ──────────────────────────────────────────────────
    await page.getByTestId("nav-audit").click();
    await expect(
      page.getByTestId("audit-table").getByText(text.auditActions.withdrawal.approve).first(),
    ).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "11-audit");

    // ── Dark theme, kept across a reload ────────────────────────────────────────────────────────
    await page.getByTestId("theme-dark").click();
    await page.reload();
    await expect(page.locator("html")).toHaveCSS("color-scheme", "dark");
    await consoleShot(page, locale, "12-audit-dark");
    await page.getByTestId("theme-system").click();

    // ── The session ended elsewhere: the live socket closes and the console sends the operator
    //    to sign in, told why, to come back to the page they were on ───────────────────────────
    await postOk(request, admin, "/operator/auth/logout-everywhere", {});
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Faudit[^&]*&expired=1/);
    await expect(page.getByText(text.signIn.sessionExpired)).toBeVisible();
    await consoleShot(page, locale, "13-session-expired");
  });
}

test("a new operator enrols the authenticator, keeps the recovery codes, signs out everywhere and back in with one", async ({
  page,
  request,
}) => {
  const locale: ConsoleLocale = "en";
  const text = CONSOLE_TEXT[locale];
  await setConsoleLanguage(page, locale);
  const admin = await operatorApiHeaders(request, DEMO_ADMIN);
  const username = `new${Date.now() % 1e8}`;
  const { password } = await postOk<{ password: string }>(request, admin, "/operator/operators", {
    username,
    role: "finance",
  });

  await page.goto("/admin/sign-in");
  await page.getByTestId("sign-in-username").fill(username);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page.getByRole("heading", { name: text.signIn.enrolTitle })).toBeVisible();
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await consoleShot(page, locale, "14-enrol");
  await typeTotpCode(page, await freshTotpCode(secret));

  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  const continueButton = page.getByTestId("recovery-continue");
  await expect(continueButton).toBeDisabled();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: text.signIn.download }).click();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^tickfair-console-recovery-codes-${username}-`),
  );
  const recoveryCode = (await page.getByTestId("recovery-codes").locator("li").first().textContent()) ?? "";
  await page.getByTestId("recovery-saved").check();
  await consoleShot(page, locale, "15-recovery-codes");
  await continueButton.click();

  // Finance reviews the cashier's queues; the audit log is not on its menu.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId("nav-withdrawals")).toBeVisible();
  await expect(page.getByTestId("nav-audit")).toHaveCount(0);
  await page.goto("/admin/audit");
  await expect(page.getByText(text.shell.forbiddenTitle)).toBeVisible();

  await page.getByTestId("operator-menu").click();
  await page.getByText(text.shell.signOutEverywhere).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText(text.shell.signOutEverywhereTitle);
  await consoleShot(page, locale, "16-sign-out-everywhere");
  await page.locator(".ant-modal-confirm-btns .ant-btn-dangerous").click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);

  // The phone is lost: a recovery code stands in for the authenticator, once.
  await page.getByTestId("sign-in-username").fill(username);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
  await page.getByTestId("use-recovery-code").click();
  await page.getByTestId("recovery-code").fill(recoveryCode);
  await consoleShot(page, locale, "17-recovery-code-sign-in");
  await page.getByRole("button", { name: text.signIn.verify }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId("operator-name")).toHaveText(username);
});
