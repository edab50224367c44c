import { type APIRequestContext, expect, test } from "@playwright/test";
import { formatMoney, type Solvency } from "@tickfair/contract";
import {
  type ConsoleLocale,
  confirmConsole,
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_SUPPORT,
  expectConsolePolished,
  openConsole,
  openConsoleDesk,
} from "./admin-support";
import { apiUser, ERRORS, postOk } from "./support";

/** A day of the calendar moved by `days` ("YYYY-MM-DD", no time zone: a date is a date). */
function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A day as the console shows it in `locale` ("2026/11/24", "11/24/2026"). */
function shownDate(date: string, locale: ConsoleLocale): string {
  const [year, month, day] = date.split("-");
  return locale === "en" ? `${month}/${day}/${year}` : `${year}/${month}/${day}`;
}

/** Someone for the figures to count: a user with demo money, part of it moved into savings. */
async function aSaver(request: APIRequestContext): Promise<void> {
  const { auth, ...user } = await apiUser(request, "5000.00");
  await postOk(request, auth, "/savings/move-in", { amount: "2000.00" }, `save-${user.account}`);
}

// Each language schedules its own rate, a month ahead: far enough not to change what the H5 journeys
// see of today's rate, and a day of its own so neither replaces the other.
const RATES: Record<ConsoleLocale, { rate: string; daysAhead: number }> = {
  "zh-CN": { rate: "2.45", daysAhead: 30 },
  en: { rate: "2.5", daysAhead: 31 },
};

for (const { locale, text } of consoleRuns()) {
  test(`an admin schedules a savings rate and changes a limit; support only reads (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await aSaver(request);
    await openConsole(page, locale, DEMO_ADMIN);

    // ── The overview: shares, the accrual's progress, income by day, the rates and the limits ───
    await page.getByTestId("nav-savings").click();
    await expect(page).toHaveURL(/\/admin\/savings$/);
    await expect(page.getByTestId("savings-total")).toContainText(/[1-9][\d,]*\.\d{2}/);
    await expect(page.getByTestId("savings-savers")).toContainText(/[1-9]/);
    await expect(page.getByTestId("savings-figures")).toContainText(text.savings.figures.accruedThrough);
    await expect(page.getByTestId("savings-income")).toBeVisible();
    await expect(page.getByTestId("savings-rate-today")).toContainText("%");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "savings-overview");

    // ── A rate for today is refused before it is sent; one a month ahead is confirmed, then listed ─
    const dateInput = page.getByTestId("savings-rate-date");
    const tomorrow = await dateInput.inputValue();
    const today = addDays(tomorrow, -1);
    const { rate, daysAhead } = RATES[locale];
    const shownRate = `${Number(rate).toFixed(2)}%`;
    await page.getByTestId("savings-rate-input").fill(rate);
    await dateInput.fill(today);
    await page.getByTestId("savings-rate-reason").fill("Journey: money-market rates moved");
    await page.getByTestId("savings-rate-submit").click();
    await expect(
      page.getByText(text.savings.schedule.dateInvalid.replace("{{date}}", shownDate(tomorrow, locale))),
    ).toBeVisible();
    await expect(page.locator(".ant-modal-confirm")).toHaveCount(0);

    // The day turns over while the form is open: the server refuses the day, in the console's language.
    const effectiveFrom = addDays(today, daysAhead);
    await dateInput.fill(effectiveFrom);
    await page.route(
      "**/api/v1/operator/savings/rates",
      (route) =>
        route.continue({
          postData: JSON.stringify({ ...route.request().postDataJSON(), effectiveFrom: today }),
        }),
      { times: 1 },
    );
    await page.getByTestId("savings-rate-submit").click();
    // The server's answer is awaited as long as the journey may take (the machine is shared in CI).
    const refused = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().endsWith("/operator/savings/rates"),
    );
    await confirmConsole(page);
    expect((await refused).status()).toBe(400);
    await expect(page.getByTestId("savings-rate-error")).toHaveText(ERRORS[locale].RATE_DATE_NOT_FUTURE);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "savings-rate-refused");

    await page.getByTestId("savings-rate-submit").click();
    const rateConfirm = page.getByTestId("savings-rate-confirm");
    await expect(page.locator(".ant-modal-confirm-title")).toHaveText(text.savings.schedule.confirmTitle);
    await expect(rateConfirm).toContainText(shownRate);
    await expect(rateConfirm).toContainText(shownDate(effectiveFrom, locale));
    await consoleShot(page, locale, "savings-rate-confirm");
    await confirmConsole(page);

    const history = page.getByTestId("savings-rate-history").locator("tbody tr.ant-table-row");
    const scheduled = history.filter({ hasText: shownDate(effectiveFrom, locale) });
    await expect(scheduled).toHaveCount(1);
    await expect(scheduled).toContainText(shownRate);
    await expect(scheduled).toContainText(text.savings.rate.scheduled);
    await expect(scheduled).toContainText(DEMO_ADMIN.username);
    await expect(page.getByTestId("savings-rate-error")).toHaveCount(0);
    // The next rate is the soonest scheduled: this one, or the other language's if that comes first.
    await expect(page.getByTestId("savings-rate-upcoming")).toContainText(text.savings.rate.upcoming);
    await expect(page.getByTestId("savings-rate-upcoming")).not.toContainText(text.savings.rate.noUpcoming);
    await expectConsolePolished(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await consoleShot(page, locale, "savings-rate-scheduled");

    // ── A limit changed: confirmed with what it was and what it becomes, then shown as saved ─────
    const perDay = page.getByTestId("savings-moveIn-perDay");
    const before = Number(await perDay.inputValue());
    const after = before >= 100 ? before - 1 : before + 1;
    await perDay.fill(String(after));
    await page.getByTestId("savings-limits-reason").fill("Journey: one more move in a day");
    await page.getByTestId("savings-limits-save").click();
    const limitsConfirm = page.getByTestId("savings-limits-confirm");
    await expect(page.locator(".ant-modal-confirm-title")).toHaveText(text.savings.limits.confirmTitle);
    await expect(limitsConfirm).toContainText(text.savings.limits.fields.moveIn.perDay);
    await expect(limitsConfirm).toContainText(`${before} → ${after}`);
    await consoleShot(page, locale, "savings-limits-confirm");
    await confirmConsole(page, page.getByText(text.savings.limits.saved));
    await expect(perDay).toHaveValue(String(after));
    await expect(page.getByTestId("savings-limits-reason")).toHaveValue("");

    // ── Support reads the same page: the figures, the rates and the limits, without the forms ─────
    const support = await openConsoleDesk(browser, locale, DEMO_SUPPORT);
    await support.getByTestId("nav-savings").click();
    await expect(support.getByTestId("savings-figures")).toBeVisible();
    await expect(
      support
        .getByTestId("savings-rate-history")
        .locator("tbody tr.ant-table-row")
        .filter({ hasText: shownDate(effectiveFrom, locale) }),
    ).toContainText(shownRate);
    await expect(support.getByTestId("savings-limits")).toContainText(text.savings.limits.readOnly);
    await expect(support.getByTestId("savings-schedule")).toHaveCount(0);
    await expect(support.getByTestId("savings-limits-save")).toHaveCount(0);
    await expect(support.getByTestId("savings").locator("input, textarea")).toHaveCount(0);
    await expectConsolePolished(support);
    await support.getByTestId("savings-limits").scrollIntoViewIfNeeded();
    await consoleShot(support, locale, "savings-support");
    // Support reads the published snapshots too, the page opened cold at its address; publishing an
    // attestation is an admin's.
    await support.goto("/admin/solvency");
    await expect(
      support.getByTestId("solvency-snapshots").locator("tbody tr.ant-table-row").first(),
    ).toBeVisible();
    await expect(support.getByRole("button", { name: text.solvency.upload })).toHaveCount(0);
    await support.context().close();

    // The limit goes back as it was, so the H5 journeys after this one find the limits they expect.
    await perDay.fill(String(before));
    await page.getByTestId("savings-limits-reason").fill("Journey: limit back as it was");
    await page.getByTestId("savings-limits-save").click();
    await confirmConsole(page);
    await expect(perDay).toHaveValue(String(before));
    await expect(page.getByTestId("savings-limits-reason")).toHaveValue("");

    // ── Solvency: the published snapshots, and a reserves attestation published beside the latest ─
    const { latest } = (await (await request.get("/api/v1/solvency")).json()) as Solvency;
    if (!latest) throw new Error("the demo has a snapshot of liabilities from its first start");
    // The limits' toast gone first, so the picture shows only what this page says.
    await expect(page.locator(".ant-message-notice")).toHaveCount(0);
    await page.getByTestId("nav-solvency").click();
    await expect(page).toHaveURL(/\/admin\/solvency$/);
    // By its key: the row of the day before names this day too (when it was taken, just after midnight).
    const snapshot = page
      .getByTestId("solvency-snapshots")
      .locator(`tbody tr.ant-table-row[data-row-key="${latest.day}"]`);
    await expect(snapshot).toContainText(shownDate(latest.day, locale));
    await expect(snapshot).toContainText(formatMoney(BigInt(latest.totalMinor), locale));
    await snapshot.locator('input[type="file"]').setInputFiles({
      name: "reserves.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% Journey: a bank's letter on the reserves\n%%EOF\n"),
    });
    const uploaded = text.solvency.uploaded.replace("{{date}}", shownDate(latest.day, locale));
    await expect(page.getByText(uploaded)).toBeVisible();
    const { latest: attested } = (await (await request.get("/api/v1/solvency")).json()) as Solvency;
    if (!attested?.attestation) throw new Error("the attestation is published with the root");
    await expect(snapshot.getByRole("link")).toHaveText(attested.attestation.name);
    const document = await request.get(attested.attestation.url);
    expect(document.headers()["content-type"]).toContain("application/pdf");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "solvency");
  });
}
