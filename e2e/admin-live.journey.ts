import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  confirmConsole,
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_FINANCE,
  expectConsolePolished,
  openConsole,
  operatorApiHeaders,
} from "./admin-support";
import {
  apiUser,
  BTC,
  bindCurrencyAddress,
  latestQuote,
  logInViaForm,
  postOk,
  requestBankDeposit,
  requestWithdrawal,
  setLanguage,
  TEXT,
} from "./support";
import { shot } from "./support-screens";

/** A user opened through the API with demo money and a bound currency address, ready to deposit and withdraw. */
async function customer(request: APIRequestContext) {
  const user = await apiUser(request, "3000.00");
  await bindCurrencyAddress(request, user.auth, "TLiveQueue123456789abcdefghijkmnop");
  return user;
}

/**
 * Marks the page so a reload would show: the mark lives in the page's memory only. The live socket
 * must bring the rows; a reload (or a navigation away and back) would lose the mark.
 */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveJourneyMark: boolean }).liveJourneyMark = true;
  });
}
async function expectNotReloaded(page: Page): Promise<void> {
  const marked = await page.evaluate(
    () => (window as unknown as { liveJourneyMark?: boolean }).liveJourneyMark === true,
  );
  expect(marked, "the page was not reloaded").toBe(true);
}

for (const { locale, text } of consoleRuns()) {
  test(`review queues update live on the console (${locale})`, async ({ page, request }) => {
    await openConsole(page, locale, DEMO_FINANCE);
    const live = page.getByTestId("live-status");
    await expect(live).toHaveAttribute("data-status", "live");
    await expect(live).toContainText(text.shell.live.live);

    // The deposits queue is open; a user submits a deposit through the API.
    await page.getByTestId("nav-deposits").click();
    const deposits = page.getByTestId("deposits-table");
    await expect(deposits).toBeVisible();
    await markPage(page);
    const user = await customer(request);
    const deposit = await requestBankDeposit(
      request,
      user.auth,
      { amount: "20000.00", reference: `LIVE-${locale}` },
      `${user.account}-deposit`,
    );
    const depositRow = deposits.locator("tr", { hasText: deposit.orderNo });
    await expect(depositRow).toBeVisible();
    await expect(depositRow).toContainText(user.account);
    await expectNotReloaded(page);

    // Another operator's first confirmation of this large deposit shows here as it happens.
    const admin = await operatorApiHeaders(request, DEMO_ADMIN);
    const confirmed = await request.post(`/api/v1/operator/deposits/${deposit.id}/confirm`, {
      headers: admin,
    });
    expect(confirmed.status(), await confirmed.text()).toBe(202);
    await expect(depositRow).toContainText(text.deposits.awaitingSecondShort);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "live-deposits");
    await expectNotReloaded(page);

    // The withdrawals queue, opened from the menu (no reload): the same user asks for a withdrawal.
    await page.getByTestId("nav-withdrawals").click();
    const withdrawals = page.getByTestId("withdrawals-table");
    await expect(withdrawals).toBeVisible();
    const withdrawal = await requestWithdrawal(request, user, "1200.00", `${user.account}-withdrawal`);
    const withdrawalRow = withdrawals.locator("tr", { hasText: withdrawal.orderNo });
    await expect(withdrawalRow).toBeVisible();
    await expectNotReloaded(page);

    // Approved on another console, it leaves this one's under-review list by itself.
    const approved = await request.post(`/api/v1/operator/withdrawals/${withdrawal.id}/approve`, {
      headers: admin,
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    await expect(withdrawalRow).toHaveCount(0);
    await expectNotReloaded(page);
    await expect(live).toHaveAttribute("data-status", "live");
  });
}

for (const { locale, text } of consoleRuns()) {
  test(`the risk board and the order desk move as a user trades (${locale})`, async ({ page, request }) => {
    await openConsole(page, locale, DEMO_FINANCE);
    // Opened cold, by its address.
    await page.goto("/admin/risk");
    const board = page.getByTestId("risk-board");
    await expect(board).toBeVisible();
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    const updated = await page.getByTestId("risk-updated").innerText();
    await markPage(page);

    // A user buys up on BTC through the API: the board shows their position without a reload.
    const user = await customer(request);
    const order = await postOk<{ orderNo: string }>(
      request,
      user.auth,
      "/trading/contracts",
      {
        symbol: BTC,
        direction: "up",
        stake: "123.45",
        durationSeconds: 300,
        quoteSeq: await latestQuote(request, BTC),
      },
      `${user.account}-risk`,
    );
    const position = page.getByTestId("risk-largest").locator("tr", { hasText: user.account });
    await expect(position).toBeVisible();
    // 123.45 × 1.92, rounded down: what the house owes them if BTC rises.
    await expect(position).toContainText("237.02");
    await expect(page.getByTestId(`risk-product-${BTC}`)).toBeVisible();
    await expect(page.getByTestId("risk-updated")).not.toHaveText(updated);
    await expectNotReloaded(page);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "risk");

    // The order desk, from the menu: the order is there, and a deposit arrives on its own.
    await page.getByTestId("nav-desk").click();
    const desk = page.getByTestId("desk-list");
    await expect(desk.locator("tr", { hasText: order.orderNo })).toContainText(user.account);
    await expect(page.getByTestId("exposure-totals")).toBeVisible();
    const deposit = await requestBankDeposit(
      request,
      user.auth,
      { amount: "500.00", reference: `DESK-${locale}` },
      `${user.account}-desk-deposit`,
    );
    const depositRow = desk.locator("tr", { hasText: deposit.orderNo });
    await expect(depositRow).toBeVisible();
    await expect(depositRow).toContainText(text.status.under_review);
    await expect(desk.locator("tr.ant-table-row").first()).toContainText(deposit.orderNo);
    await expectNotReloaded(page);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "desk");

    // The chime is off until the operator turns it on; the choice outlives a reload, and the page
    // then waits for a click before it may sound.
    const sound = page.getByTestId("desk-sound");
    await expect(sound).toHaveAttribute("aria-checked", "false");
    await sound.click();
    await expect(sound).toHaveAttribute("aria-checked", "true");
    await page.reload();
    await expect(page.getByTestId("desk-sound")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText(text.desk.soundArm)).toBeVisible();
  });
}

for (const { locale, text } of consoleRuns()) {
  test(`a withdrawal approved in the console reads "being sent" on the user's phone at once (${locale})`, async ({
    page,
    request,
    browser,
  }) => {
    const user = await customer(request);
    const withdrawal = await requestWithdrawal(request, user, "800.00", `${user.account}-paid-live`);

    // The user watches their withdrawals on the phone.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale,
      serviceWorkers: "block",
    });
    const userPage = await phone.newPage();
    await setLanguage(userPage, locale);
    await logInViaForm(userPage, user.account, user.password);
    await userPage.goto("/h5/pages/withdraw-list/withdraw-list");
    const item = userPage.getByTestId("withdrawal-item").first();
    await expect(item.getByTestId("withdrawal-status")).toHaveText(TEXT[locale].cashier.status.under_review);
    await markPage(userPage);

    // A finance operator approves it in the console.
    await openConsole(page, locale, DEMO_FINANCE);
    await page.getByTestId("nav-withdrawals").click();
    const row = page.getByTestId("withdrawals-table").locator("tr", { hasText: withdrawal.orderNo });
    // Taking it first tells the user a reviewer is on it; it can be taken once.
    await row.getByTestId("withdrawal-pick-up").click();
    await expect(page.getByText(text.withdrawals.pickedUp)).toBeVisible();
    await expect(row.getByTestId("withdrawal-pick-up")).toHaveCount(0);
    await row.getByRole("button", { name: text.review.approve }).click();
    await confirmConsole(page);
    await expect(row).toHaveCount(0);

    // The phone says so without a reload: the money left the balance and is being sent.
    await expect(item.getByTestId("withdrawal-status")).toHaveText(
      TEXT[locale].withdraw.timeline.statusSending,
    );
    await expect(item.getByTestId("withdrawal-received")).toBeVisible();
    await expectNotReloaded(userPage);
    await shot(userPage, locale, "live-withdrawal-approved");
    await phone.close();

    // The user's page in the console says the same: approved is not yet paid.
    await page.goto(`/admin/users?q=${user.account}`);
    await page.getByTestId("user-link").filter({ hasText: user.account }).click();
    await page.getByRole("tab", { name: text.users.tabs.withdrawals }).click();
    await expect(
      page.getByTestId("user-withdrawals").locator("tr", { hasText: withdrawal.orderNo }),
    ).toContainText(text.withdrawals.statusSending);
  });
}
