import { type APIRequestContext, expect, test } from "@playwright/test";
import { type LimitKind, limitStepUp } from "@tickfair/contract";
import {
  consoleRuns,
  consoleShot,
  DEMO_SUPPORT,
  expectConsolePolished,
  openConsole,
  openUser,
} from "./admin-support";
import { apiUser, postOk, stepUpHeader } from "./support";

async function setLimit(
  request: APIRequestContext,
  auth: Record<string, string>,
  kind: string,
  value: string | null,
) {
  // Asked for every change, as a loosening needs it; a tightening leaves it unused.
  const stepUp = await stepUpHeader(request, auth, limitStepUp(kind as LimitKind, value));
  const answer = await request.put(`/api/v1/limits/${kind}`, {
    headers: { ...auth, ...stepUp },
    data: { value },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

for (const {
  locale,
  text: { limits: text },
} of consoleRuns()) {
  test(`support reads a user's limits and the platform's figures, and can change none (${locale})`, async ({
    page,
    request,
  }) => {
    // A user with limits: a stake limit whose loosening they cancelled, a deposit limit loosening now.
    const { auth, ...limited } = await apiUser(request);
    await setLimit(request, auth, "stake_day", "100.00");
    await setLimit(request, auth, "stake_day", "500.00");
    const cancelled = await request.delete("/api/v1/limits/stake_day/pending", { headers: auth });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await setLimit(request, auth, "deposit_day", "300.00");
    await setLimit(request, auth, "deposit_day", "1000.00");
    await setLimit(request, auth, "open_positions", "3");
    // Another on a week's time-out.
    const resting = await apiUser(request);
    await postOk(
      request,
      resting.auth,
      "/limits/break",
      { kind: "time_out", days: 7, password: resting.password },
      `break-${resting.account}`,
    );

    await openConsole(page, locale, DEMO_SUPPORT);

    await openUser(page, limited.account);
    const card = page.getByTestId("user-limits");
    await expect(card.getByTestId("limits-read-only")).toHaveText(text.readOnly);
    const inForce = card.getByTestId("limits-in-force");
    await expect(inForce.locator("tr", { hasText: text.kinds.stake_day })).toContainText("100.00");
    await expect(inForce.locator("tr", { hasText: text.kinds.open_positions })).toContainText("3");
    await expect(card.getByTestId("limit-pending-deposit_day")).toContainText(/1,?000\.00/);
    const history = card.getByTestId("limits-history");
    await expect(history.locator("tr.ant-table-row")).toHaveCount(5);
    // The cancelled loosening: 100 → 500, with when it was cancelled.
    const loosening = history.locator("tr", { hasText: "500.00" });
    await expect(loosening).toContainText(text.kinds.stake_day);
    await expect(loosening.locator(".ant-tag")).toHaveCount(1);
    // Read-only: the card's only buttons page through the history.
    await expect(card.getByRole("button")).toHaveCount(2);
    await expect(card.getByRole("button", { disabled: false })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "limits-user");

    await openUser(page, resting.account);
    await expect(page.getByTestId("limits-break")).toBeVisible();
    await expect(page.getByTestId("limits-history")).toContainText(text.kinds.time_out);
    await page.getByTestId("user-limits").scrollIntoViewIfNeeded();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "limits-break");

    await page.getByTestId("nav-dashboard").click();
    const figures = page.getByTestId("limit-figures");
    await expect(figures).toContainText(text.figures.usersWithLimits);
    const count = async (key: string) =>
      Number(
        (
          await figures.getByTestId(`limit-figure-${key}`).locator(".ant-statistic-content").innerText()
        ).replace(/\D/g, ""),
      );
    expect(await count("usersWithLimits")).toBeGreaterThanOrEqual(1);
    expect(await count("timeOutsInForce")).toBeGreaterThanOrEqual(1);
    expect(await count("looseningsWaiting")).toBeGreaterThanOrEqual(1);
    await figures.scrollIntoViewIfNeeded();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "limits-dashboard");
  });
}
