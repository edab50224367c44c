import fs from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import {
  type ConsoleLocale,
  confirmConsole,
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_ADMIN_2,
  DEMO_FINANCE,
  expectConsolePolished,
  openConsole,
  openConsoleDesk,
  operatorApiHeaders,
} from "./admin-support";
import { apiUser, postOk, requestBankDeposit } from "./support";

const CSV_HEADERS: Record<ConsoleLocale, string> = {
  "zh-CN": '"时间","操作员","操作","对象类型","对象编号","原因","详情","日志编号"',
  en: '"Time","Operator","Action","Record type","Record ID","Reason","Detail","Entry ID"',
};

/** Picks `label` in an antd Select (typing it first where the select searches). */
async function choose(page: Page, select: Locator, label: string, search = false): Promise<void> {
  await select.click();
  if (search) await select.locator("input").fill(label);
  await page.locator(".ant-select-item-option", { hasText: label }).first().click();
}

/** Something for the dashboard to count: a deposit confirmed today, and one waiting for review. */
async function depositsToday(request: APIRequestContext): Promise<void> {
  const user = await apiUser(request);
  const deposit = (amount: string, name: string) =>
    requestBankDeposit(request, user.auth, { amount, reference: `DASH-${name}` }, `${user.account}-${name}`);
  const confirmed = await deposit("1234.56", "a");
  await deposit("88.00", "b");
  const finance = await operatorApiHeaders(request, DEMO_FINANCE);
  await postOk(request, finance, `/operator/deposits/${confirmed.id}/confirm`, {});
}

for (const { locale, text } of consoleRuns()) {
  test(`two admins run the dashboard, the settings, the operators and the audit log (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    await depositsToday(request);
    await openConsole(page, locale, DEMO_ADMIN);

    // ── The dashboard is where the console starts ───────────────────────────────────────────────
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId("queue-deposits")).toContainText(text.dashboard.queue.deposits);
    await expect(page.getByTestId("queue-deposits-age")).toBeVisible();
    await expect(page.getByTestId("today-deposits")).toContainText(/1,234\.56|[1-9][\d,]*\.\d{2}/);
    await expect(page.getByTestId("today-house")).toBeVisible();
    await expect(page.getByTestId("feed").locator("tbody tr").first()).toContainText(
      text.dashboard.feed.live,
    );
    await page.getByTestId("ledger-check-run").click();
    await expect(page.getByText(text.dashboard.ledger.passed)).toBeVisible();
    await expect(page.getByTestId("ledger-check-result")).toContainText(text.dashboard.ledger.ok);
    await expect(page.getByTestId("ledger-check")).toContainText(DEMO_ADMIN.username);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "18-dashboard");
    await page.getByTestId("theme-dark").click();
    await consoleShot(page, locale, "19-dashboard-dark");
    await page.getByTestId("theme-system").click();

    // ── Settings: the deposit methods, each named in every language ─────────────────────────────
    await page.getByTestId("nav-settings").click();
    const methods = page.getByTestId("methods-table");
    await expect(methods.locator("tbody tr").first()).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "20-deposit-methods");
    await methods
      .locator("tbody tr")
      .first()
      .getByRole("button", { name: text.settings.methods.edit })
      .click();
    await expect(page.getByTestId("method-name-zh-CN")).not.toHaveValue("");
    await consoleShot(page, locale, "21-deposit-method-edit");
    await page.getByTestId("method-drawer").getByRole("button", { name: text.common.cancel }).click();

    // ── A weaker review threshold is only proposed: a second admin approves it ───────────────────
    await page.getByTestId("settings-tab-cashier").click();
    const threshold = page.getByTestId("cashier-depositSecondApprovalAbove");
    await expect(threshold).not.toHaveValue("");
    // A money field shows the amount grouped ("50,000.00") and keeps exactly what the operator types.
    const before = await threshold.inputValue();
    expect(before).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    const raisedPlain = (Number(before.replaceAll(",", "")) + 1000).toFixed(2);
    const raised = `${raisedPlain.slice(0, -3).replace(/\B(?=(\d{3})+$)/g, ",")}${raisedPlain.slice(-3)}`;
    await threshold.fill(raisedPlain);
    await expect(threshold).toHaveValue(raised);
    await page.getByTestId("cashier-save").click();
    await expect(page.locator(".ant-modal-confirm-title")).toHaveText(text.settings.cashier.proposeTitle);
    await expect(page.locator(".ant-modal-confirm-content")).toContainText(
      text.settings.cashier.fields.depositSecondApprovalAbove,
    );
    await consoleShot(page, locale, "22-cashier-propose");
    await confirmConsole(page);
    const pending = page.getByTestId("cashier-pending");
    await expect(pending.getByTestId("change-waiting")).toContainText(text.controls.waitingMine);
    await expect(pending.getByTestId("change-approve")).toHaveCount(0);
    // Not in force yet: the form still shows the threshold as it is.
    await expect(threshold).toHaveValue(before);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "23-cashier-waiting");

    const admin2 = await openConsoleDesk(browser, locale, DEMO_ADMIN_2);
    await admin2.goto("/admin/settings?tab=cashier");
    const change = admin2.getByTestId("cashier-pending").getByTestId("control-change");
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(DEMO_ADMIN.username);
    await consoleShot(admin2, locale, "24-cashier-second-admin");
    await change.getByTestId("change-approve").click();
    await confirmConsole(admin2, admin2.getByText(text.controls.approved));
    await expect(admin2.getByTestId("cashier-pending")).toContainText(text.settings.cashier.pendingEmpty);
    await expect(admin2.getByTestId("cashier-depositSecondApprovalAbove")).toHaveValue(raised);
    await consoleShot(admin2, locale, "25-cashier-approved");

    // ── Operators: one created (its password shown once), raised to admin, then lowered ─────────
    await page.getByTestId("nav-operators").click();
    // The journeys' console is set to "reduce motion": the active operators' blue dots do not pulse.
    const dot = page.getByTestId("operators-table").locator(".ant-badge-status-processing").first();
    expect(await dot.evaluate((at) => getComputedStyle(at, "::after").animationName)).toBe("none");
    const username = `ops${locale === "en" ? "en" : "zh"}${Date.now() % 1e7}`;
    await page.getByTestId("operator-add").click();
    await page.getByTestId("create-username").fill(username);
    await choose(page, page.getByTestId("create-role"), text.roles.finance);
    await page.locator(".ant-modal-footer").getByRole("button", { name: text.operators.create }).click();
    await expect(page.getByTestId("created-password")).toHaveText(/^\S{12,}$/);
    await consoleShot(page, locale, "26-operator-created");
    await page.getByTestId("created-done").click();
    const row = page.getByTestId("operators-table").locator("tr", { hasText: username });
    await expect(row).toContainText(text.roles.finance);
    await expect(row).toContainText(text.operators.notEnrolled);

    // Admin grants permissions: proposed, and another admin approves it.
    await row.getByRole("button", { name: text.operators.changeRole }).click();
    await choose(page, page.getByTestId("role-select"), text.roles.admin);
    await expect(page.getByText(text.operators.roleGrants)).toBeVisible();
    await consoleShot(page, locale, "27-operator-role-propose");
    await page.locator(".ant-modal-footer").getByRole("button", { name: text.operators.proposeRole }).click();
    await expect(page.getByTestId(`role-pending-${username}`)).toBeVisible();
    const roleChange = page
      .getByTestId("role-changes")
      .getByTestId("control-change")
      .filter({ hasText: username });
    await expect(roleChange.getByTestId("change-waiting")).toContainText(text.controls.waitingMine);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "28-operators-role-pending");

    await admin2.goto("/admin/operators");
    expect(await admin2.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches)).toBe(true);
    const toDecide = admin2
      .getByTestId("role-changes")
      .getByTestId("control-change")
      .filter({ hasText: username });
    await toDecide.getByTestId("change-approve").click();
    await confirmConsole(admin2);
    const decided = admin2.getByTestId("operators-table").locator("tr", { hasText: username });
    await expect(decided).toContainText(text.roles.admin);
    await expect(admin2.getByTestId(`role-pending-${username}`)).toHaveCount(0);
    await consoleShot(admin2, locale, "29-operators-role-approved");
    await admin2.context().close();

    // Back to support only takes permissions away: in force at once, no second admin.
    await page.reload();
    await expect(row).toContainText(text.roles.admin);
    await row.getByRole("button", { name: text.operators.changeRole }).click();
    await choose(page, page.getByTestId("role-select"), text.roles.support);
    await expect(page.getByText(text.operators.roleTakesAway)).toBeVisible();
    await page.locator(".ant-modal-footer").getByRole("button", { name: text.operators.changeRole }).click();
    await expect(row).toContainText(text.roles.support);

    // ── The audit log, narrowed to one action and exported as it stands ─────────────────────────
    await page.getByTestId("nav-audit").click();
    const approvals = text.auditActions.operator_role.approve;
    await choose(page, page.getByTestId("filter-action"), approvals, true);
    await page.getByTestId("filter-apply").click();
    await expect(page).toHaveURL(/action=operator_role\.approve/);
    const entries = page.getByTestId("audit-table").locator("tbody tr.ant-table-row");
    await expect(entries.first()).toContainText(approvals);
    await expect(entries.first()).toContainText(DEMO_ADMIN_2.username);
    const actions = await page.getByTestId("audit-action").allTextContents();
    expect(new Set(actions)).toEqual(new Set([approvals]));
    await expectConsolePolished(page);
    await consoleShot(page, locale, "30-audit-filtered");

    const download = page.waitForEvent("download");
    await page.getByTestId("audit-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickfair-audit-log-\d{8}-\d{4}\.csv$/);
    const csv = fs.readFileSync(await file.path(), "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_HEADERS[locale]);
    expect(lines.length).toBe(actions.length + 1);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} [+-]\\d{2}:\\d{2}","${DEMO_ADMIN_2.username}","operator_role\\.approve","control_change","\\d+",`,
      ),
    );
  });
}
