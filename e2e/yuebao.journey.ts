import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { SavingsSummary } from "../packages/contract/src/api/savings";
import { addDays } from "../packages/contract/src/savings-math";
import { confirmDialog, SHOT_LOCALES, signedInUser, TEXT } from "./support";
import { expectPolished, shot } from "./support-screens";

/**
 * Yu'ebao as a saver lives it over two days: move money in, see it pending with the day it confirms,
 * watch it confirm and then earn as the server's clock passes midnight (the savings worker tells the
 * open page over the socket, no reload), read the records and the rules, move it all out. The server
 * runs with CLOCK_CONTROL, and this file runs last (journeys run in file order), so no other journey
 * lives in its tomorrow.
 */

const SAVINGS = "/h5/pages/money/money";

/** Moves the server's clock to 00:00:30 of `day` in the platform's zone (Asia/Shanghai, UTC+8). */
async function serverClockTo(request: APIRequestContext, day: string): Promise<void> {
  const app = await request.get("/api/v1/app");
  const serverNow = Date.parse(((await app.json()) as { serverTime: string }).serverTime);
  const target = Date.parse(`${day}T00:00:30+08:00`);
  const seconds = Math.ceil((target - serverNow) / 1000);
  if (seconds <= 0) return;
  const moved = await request.post("/api/v1/system/clock", { data: { seconds } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

async function savingsOf(request: APIRequestContext, auth: Record<string, string>): Promise<SavingsSummary> {
  const answer = await request.get("/api/v1/savings", { headers: auth });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as SavingsSummary;
}

async function moveThroughTransferPage(page: Page, direction: "in" | "out", amount: string | "all") {
  await page.getByTestId(`savings-move-${direction}`).click();
  await expect(page).toHaveURL(/\/h5\/pages\/transfer\/transfer/);
  await expect(page.getByTestId(`transfer-direction-${direction}`)).toBeVisible();
  if (amount === "all") await page.getByTestId("transfer-all").click();
  else await page.getByTestId("transfer-amount").fill(amount);
  await page.getByTestId("transfer-submit").click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/h5\/pages\/money\/money/);
}

for (const locale of SHOT_LOCALES) {
  test(`Yu'ebao: move in, confirm, earn, read the records and rules, move out (${locale})`, async ({
    page,
    request,
  }) => {
    const user = await signedInUser(page, request, locale, "5000.00");

    // From the personal center, as a newcomer finds it.
    await page.getByTestId("user-savings").click();
    await expect(page).toHaveURL(new RegExp(SAVINGS));
    await expect(page.getByTestId("savings-total")).toHaveText(/0\.00/);
    await expectPolished(page);
    await shot(page, locale, "yuebao-empty", { viewport: true });

    // Zero or a negative amount is not made into another: the page asks for another amount and
    // moves nothing, so none of the day's moves is used.
    const fresh = await savingsOf(request, user.auth);
    await page.getByTestId("savings-move-in").click();
    const amount = page.getByTestId("transfer-amount");
    for (const typed of ["0", "-1"]) {
      await amount.fill(typed);
      await page.getByTestId("transfer-submit").click();
      await expect(page.getByTestId("transfer-amount-error")).toHaveText(TEXT[locale].cashier.amountRequired);
      await expect(amount).toHaveValue(typed);
    }
    await expect(page.locator(".adm-dialog")).toHaveCount(0);
    await expectPolished(page);
    await shot(page, locale, "yuebao-zero", { viewport: true });
    expect(await savingsOf(request, user.auth)).toEqual(fresh);
    await page.goBack();

    await moveThroughTransferPage(page, "in", "1000");
    const pending = await savingsOf(request, user.auth);
    expect(pending).toMatchObject({ total: "1000.00", pending: "1000.00", confirmed: "0.00" });
    const confirmsOn = pending.pendingLots[0]?.confirmsOn ?? "";
    await expect(page.getByTestId("savings-pending")).toHaveText(/1,?000\.00/);
    await expect(page.getByTestId("savings-lots")).toBeVisible();
    await expectPolished(page);
    await shot(page, locale, "yuebao-pending", { viewport: true });

    // Midnight of the confirmation day: the worker confirms, the open page hears it.
    await serverClockTo(request, confirmsOn);
    await expect(page.getByTestId("savings-confirmed")).toHaveText(/1,?000\.00/, { timeout: 15_000 });
    await expect(page.getByTestId("savings-pending")).toHaveText(/0\.00/);

    // The next midnight: that day's income, floor(100,000 × 2 % / 365) = 5 minor units.
    await serverClockTo(request, addDays(confirmsOn, 1));
    await expect(page.getByTestId("savings-yesterday-income")).toHaveText(/0\.05/, { timeout: 15_000 });
    await expect(page.getByTestId("savings-total")).toHaveText(/1,?000\.05/);
    await expect(page.getByTestId("savings-chart")).toHaveAttribute("data-status", "ready");
    await expectPolished(page);
    await shot(page, locale, "yuebao-earning", { viewport: true });

    await page.getByTestId("savings-records-row").click();
    await expect(page.getByTestId("savings-record")).toHaveCount(3);
    await expect(page.getByTestId("savings-record").first()).toHaveAttribute("data-type", "income");
    await expectPolished(page);
    await shot(page, locale, "yuebao-records");
    await page.getByTestId("savings-filter-in").click();
    await expect(page.getByTestId("savings-record")).toHaveCount(1);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(SAVINGS));

    await page.getByTestId("savings-rules-link").click();
    await expect(page.getByTestId("rules-example-income")).toBeVisible();
    await expect(page.getByTestId("rules-confirm")).toContainText("15:00");
    await expectPolished(page);
    await shot(page, locale, "yuebao-rules");
    await page.goBack();

    await moveThroughTransferPage(page, "out", "all");
    await expect(page.getByTestId("savings-total")).toHaveText(/0\.00/);
    const after = await savingsOf(request, user.auth);
    expect(after).toMatchObject({ total: "0.00", available: "5000.05", totalIncome: "0.05" });

    // The fund records say each Yu'ebao move's day as a day, never as a reference.
    await page.goto("/h5/pages/money-record/money-records");
    const row = (type: string) => page.locator(`[data-testid="fund-record"][data-type="${type}"]`);
    await expect(row("savings_in").getByTestId("fund-record-day")).toBeVisible();
    await expect(row("savings_income").getByTestId("fund-record-day")).toBeVisible();
    for (const type of ["savings_in", "savings_income", "savings_out"])
      await expect(row(type)).not.toContainText(TEXT[locale].records.reference);
    await expectPolished(page);
    await shot(page, locale, "yuebao-fund-records");
  });
}
