import { expect, type Page, test } from "@playwright/test";
import type { UserLimits } from "../packages/contract/src/api/limits";
import {
  confirmDialog,
  DETAIL,
  ERRORS,
  logInViaForm,
  proveInSheet,
  SHOT_LOCALES,
  signedInUser,
  TEXT,
} from "./support";
import { expectPolished, settledShot, shot } from "./support-screens";

/** Opens a limit's sheet, types a value and saves it (a loosening proved by `stepUp`). */
async function setLimit(
  page: Page,
  kind: string,
  value: string,
  effect: string,
  stepUp?: () => Promise<void>,
) {
  await page.getByTestId(`limit-${kind}-edit`).click();
  const sheet = page.getByTestId("limit-sheet");
  await expect(sheet).toBeVisible();
  const input = sheet.locator(
    kind === "open_positions" || kind === "reminder_minutes" || kind === "loss_streak"
      ? '[data-testid="limit-sheet-value"]'
      : '[data-testid="limit-sheet-amount"]',
  );
  await input.fill(value);
  await expect(sheet).toContainText(effect);
  await page.getByTestId("limit-sheet-save").click();
  await stepUp?.();
  await expect(sheet).toBeHidden();
}

/** Places one order of `stake` on the product page's shortest duration. */
async function buyUp(page: Page, stake: string) {
  await page.locator('[data-testid^="trade-duration-"]').first().click();
  await page.getByTestId("trade-amount").fill(stake);
  await page.getByTestId("trade-buy-up").click();
  await expect(page.getByTestId("trade-confirm")).toBeVisible();
  await page.getByTestId("trade-confirm-submit").click();
}

for (const locale of SHOT_LOCALES) {
  test(`Limits: set a daily stake limit, be refused past it, loosen it with a countdown, the reality check, a time-out (${locale})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[locale];
    // The page's clock runs on, but can be moved on to the session reminder.
    await page.clock.install();
    const user = await signedInUser(page, request, locale, "1000.00");

    // From the settings, as a newcomer finds it.
    await page.goto("/h5/pages/set/set");
    await page.getByTestId("set-limits").click();
    await expect(page).toHaveURL(/\/h5\/pages\/limits\/limits/);
    await expect(page.getByTestId("limit-stake_day-value")).toHaveText(text.limits.none);
    await expect(page.getByTestId("risk-warning")).toBeVisible();
    await expectPolished(page);
    await shot(page, locale, "limits-01-none", { viewport: true });

    // A zero is not made into another amount: the sheet asks for another one and sends nothing.
    await page.getByTestId("limit-stake_day-edit").click();
    const amount = page.getByTestId("limit-sheet-amount");
    await amount.fill("0");
    await page.getByTestId("limit-sheet-save").click();
    await expect(page.getByTestId("limit-sheet-amount-error")).toHaveText(text.limits.edit.another);
    await expect(amount).toHaveValue("0");
    await expectPolished(page);
    await shot(page, locale, "limits-01-zero", { viewport: true });
    const untouched = (await (
      await request.get("/api/v1/limits", { headers: user.auth })
    ).json()) as UserLimits;
    expect(untouched.limits.every((limit) => limit.value === null && limit.pending === null)).toBe(true);
    await page.locator(".adm-mask").click({ position: { x: 20, y: 20 } });
    await expect(page.getByTestId("limit-sheet")).toBeHidden();
    await expect(page.getByTestId("limit-stake_day-value")).toHaveText(text.limits.none);

    // A daily stake limit applies at once.
    await setLimit(page, "stake_day", "50", text.limits.edit.atOnce);
    await expect(page.getByTestId("limit-stake_day-value")).toHaveText("50.00");
    await expect(page.getByTestId("limit-stake_day-used")).toContainText("0.00");

    // One order inside it goes through; the next would pass it and is refused, saying why.
    await page.goto(DETAIL);
    await buyUp(page, "30");
    await expect(page.locator(".adm-toast-main")).toHaveText(text.trading.buySuccess);
    await expect(page.locator(".adm-toast-main")).toBeHidden();
    await buyUp(page, "30");
    const refusal = page.getByTestId("limit-refusal");
    await expect(refusal).toHaveText(ERRORS[locale].STAKE_LIMIT_DAY_REACHED);
    await expectPolished(page);
    await settledShot(page, locale, "limits-02-refused", { dialog: true });
    await page.getByRole("button", { name: text.limits.refused.view }).click();
    await expect(page).toHaveURL(/\/h5\/pages\/limits\/limits/);
    await expect(page.getByTestId("limit-stake_day-used")).toContainText("30.00");

    // Loosening asks for the transaction password, then waits 24 hours, shown counting down; the tighter
    // limit holds meanwhile.
    await setLimit(page, "stake_day", "500", text.limits.edit.later, async () => {
      await expect(page.getByTestId("step-up-purpose")).toHaveText(text.stepUp.for.loosenLimit);
      await expectPolished(page);
      await settledShot(page, locale, "limits-03-step-up", { sheet: true });
      await proveInSheet(page, user.payPassword);
    });
    await expect(page.locator(".adm-toast-main")).toHaveText(text.limits.edit.savedLater);
    await expect(page.locator(".adm-toast-main")).toBeHidden();
    await expect(page.getByTestId("limit-stake_day-value")).toHaveText("50.00");
    const pending = page.getByTestId("limit-stake_day-pending");
    await expect(pending).toContainText("500.00");
    await expect(pending).toContainText(/23:59:\d{2}/);
    const limits = (await (await request.get("/api/v1/limits", { headers: user.auth })).json()) as UserLimits;
    expect(limits.limits.find((limit) => limit.kind === "stake_day")).toMatchObject({
      value: "50.00",
      pending: { value: "500.00" },
    });
    await expectPolished(page);
    await shot(page, locale, "limits-03-pending", { viewport: true });

    // Cancelled after a confirmation, the change is gone.
    await page.getByTestId("limit-stake_day-cancel").click();
    await confirmDialog(page);
    await expect(pending).toBeHidden();

    // The loss-streak pause is off, with a suggested count that its sheet starts from.
    const streak = page.getByTestId("limit-loss_streak");
    await streak.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("limit-loss_streak-value")).toHaveText(text.limits.none);
    await expect(page.getByTestId("limit-loss_streak-suggested")).toHaveText(
      text.limits.suggested.replace("{{count}}", "3"),
    );
    await page.getByTestId("limit-loss_streak-edit").click();
    const sheet = page.getByTestId("limit-sheet");
    await expect(sheet.locator('[data-testid="limit-sheet-value"]')).toHaveValue("3");
    await expect(sheet).toContainText(text.limits.edit.atOnce);
    await expectPolished(page);
    await settledShot(page, locale, "limits-03-loss-streak");
    await page.getByTestId("limit-sheet-save").click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("limit-loss_streak-value")).toHaveText(
      text.limits.lossesInRow_other.replace("{{count}}", "3"),
    );
    await expect(page.getByTestId("limit-loss_streak-suggested")).toBeHidden();

    // A reminder every 5 minutes: when it is due, the session's figures.
    await setLimit(page, "reminder_minutes", "5", text.limits.edit.atOnce);
    const check = page.getByTestId("reality-check");
    // The page's clock moves on a minute at a time until the reminder's time, five minutes into the
    // session, has passed (however soon the app timed it after reading the reminder back).
    await expect(async () => {
      await page.clock.fastForward("01:00");
      await expect(check).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId("reality-check-contracts")).toHaveText("1");
    await expect(page.getByTestId("reality-check-staked")).toHaveText("30.00");
    await expectPolished(page);
    await settledShot(page, locale, "limits-04-reality-check", { dialog: true });
    await page.getByRole("button", { name: text.limits.reality.keepGoing }).click();
    await expect(check).toBeHidden();

    // A one-day time-out, confirmed with the password and a last question, signs out everywhere.
    const takeBreak = page.getByTestId("limits-break");
    await takeBreak.scrollIntoViewIfNeeded();
    await page.getByTestId("limits-break-length-1d").click();
    await expect(page.getByTestId("limits-break-until")).toBeVisible();
    await page.getByTestId("limits-break-password").fill(user.password);
    await expectPolished(page);
    await shot(page, locale, "limits-05-break");
    await page.getByTestId("limits-break-submit").click();
    await confirmDialog(page);
    await expect(page).toHaveURL(/\/h5\/pages\/login\/login/);
    const started = page.locator(".adm-dialog-body", {
      hasText: locale === "en" ? "Your break has started" : "暂停已开始",
    });
    await expect(started).toBeVisible();
    expect((await request.get("/api/v1/limits", { headers: user.auth })).status()).toBe(401);
    await settledShot(page, locale, "limits-06-break-started", { dialog: true });
    await started.getByRole("button", { name: text.common.confirm }).click();
    await expect(started).toBeHidden();

    // Signed in again: the break shows, and trading is refused until it ends.
    await logInViaForm(page, user.account, user.password);
    await page.goto("/h5/pages/limits/limits");
    await expect(page.getByTestId("limits-active-break")).toBeVisible();
    await expectPolished(page);
    await shot(page, locale, "limits-07-on-a-break", { viewport: true });
    await page.goto(DETAIL);
    await buyUp(page, "10");
    await expect(page.getByTestId("limit-refusal")).toHaveText(ERRORS[locale].TAKING_A_BREAK);
  });
}
