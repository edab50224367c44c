import { expect, test } from "@playwright/test";
import {
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_SUPPORT,
  expectConsolePolished,
  openConsole,
  openConsoleDesk,
} from "./admin-support";
import { apiUser } from "./support";

interface InboxPage {
  items: { content: { kind: string; locale?: string; title?: string; body?: string } }[];
}

for (const {
  locale,
  text: { broadcasts: text, shell, review },
} of consoleRuns()) {
  test(`an admin sends a broadcast to every user, then schedules one and cancels it (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    // The other locale's run sends broadcasts too: each is found by its own title.
    const tag = `${locale} ${Date.now().toString(36)}`;
    const zhTitle = `系统维护通知 ${tag}`;
    const enTitle = `Scheduled maintenance ${tag}`;
    const enBody = "The platform pauses on Sunday from 02:00 to 04:00.\nYour balances are safe.";
    // A user who is there when the broadcast goes out, to read it in English.
    const { auth } = await apiUser(request);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openConsole(page, locale, DEMO_ADMIN);

    // ── The menu offers broadcasts next to content ─────────────────────────────────────────────
    await expect(page.getByTestId("nav-content")).toBeVisible();
    await page.getByTestId("nav-broadcasts").click();
    await expect(page).toHaveURL(/\/admin\/broadcasts$/);
    await expect(page.getByTestId("broadcast-list")).toBeVisible();

    // ── A broadcast in two languages, previewed as a phone shows it ────────────────────────────
    await page.getByTestId("broadcast-new").click();
    const editor = page.getByTestId("broadcast-editor");
    await expect(editor).toBeVisible();
    await page.getByTestId("broadcast-title-zh-CN").fill(zhTitle);
    await page
      .getByTestId("broadcast-body-zh-CN")
      .fill("平台将于周日 02:00 至 04:00 暂停服务。\n您的资产安全。");
    await expect(page.getByTestId("broadcast-preview-title")).toHaveText(zhTitle);
    // Line breaks reach the reader as written.
    expect(await page.getByTestId("broadcast-preview-body").innerText()).toBe(
      "平台将于周日 02:00 至 04:00 暂停服务。\n您的资产安全。",
    );
    // A language left empty shows its readers the Chinese text, and the preview says so.
    // Clicked again until the tab is shown: on a loaded machine the first click can land while the
    // drawer still slides in.
    await expect(async () => {
      await page.getByTestId("broadcast-tab-en").click();
      await expect(page.getByTestId("broadcast-preview-fallback")).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByTestId("broadcast-preview-title")).toHaveText(zhTitle);
    await page.getByTestId("broadcast-title-en").fill(enTitle);
    await page.getByTestId("broadcast-body-en").fill(enBody);
    await expect(page.getByTestId("broadcast-preview-fallback")).toHaveCount(0);
    await expect(page.getByTestId("broadcast-preview-title")).toHaveText(enTitle);
    expect(await page.getByTestId("broadcast-preview-body").innerText()).toBe(enBody);
    await expect(page.getByTestId("broadcast-written-zh-CN")).toBeVisible();
    await expect(page.getByTestId("broadcast-written-en")).toBeVisible();
    await expect(page.getByTestId("broadcast-written-ja")).toHaveCount(0);
    await expect(editor).toContainText(`${enBody.length} / 2000`);
    // Before it goes out, the form names the empty languages and what their readers get instead:
    // English for Japanese, French, German and the rest; Simplified for Traditional Chinese.
    const empty = page.getByTestId("broadcast-empty-locales");
    await expect(empty).toContainText(text.emptyLocalesTitle);
    await expect(page.getByTestId("broadcast-empty-en")).toContainText("Deutsch");
    await expect(page.getByTestId("broadcast-empty-en")).toContainText("English");
    await expect(page.getByTestId("broadcast-empty-zh-CN")).toContainText("繁體中文");

    // Without a reason nothing leaves.
    await page.getByTestId("broadcast-submit").click();
    // Other fields' messages from while the texts were typed may still be fading out beside it.
    await expect(
      editor.locator(".ant-form-item-explain-error", { hasText: review.reasonRequired }),
    ).toBeVisible();
    await page.getByTestId("broadcast-reason").fill("Journey: maintenance notice");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "broadcasts-form");

    // ── Sent now, after saying it cannot be taken back ─────────────────────────────────────────
    await page.getByTestId("broadcast-submit").click();
    const confirm = page.locator(".ant-modal-confirm");
    await expect(confirm.locator(".ant-modal-confirm-title")).toHaveText(text.confirmTitle);
    await expect(page.getByTestId("broadcast-confirm")).toContainText(zhTitle);
    await consoleShot(page, locale, "broadcasts-confirm");
    await confirm.getByRole("button", { name: text.confirmOk }).click();
    await expect(editor).toBeHidden();

    const list = page.getByTestId("broadcast-list");
    const sent = list.locator("tbody tr.ant-table-row").filter({ hasText: zhTitle });
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId("broadcast-state")).toHaveText(text.states.published);
    await expect(sent).toContainText(DEMO_ADMIN.username);

    // ── The user finds it in their inbox, in English ───────────────────────────────────────────
    const inbox = await request.get("/api/v1/messages", { headers: { ...auth, "accept-language": "en" } });
    expect(inbox.ok(), await inbox.text()).toBe(true);
    const mine = ((await inbox.json()) as InboxPage).items.find(
      (item) => item.content.kind === "broadcast" && item.content.title === enTitle,
    );
    expect(mine?.content).toEqual({ kind: "broadcast", locale: "en", title: enTitle, body: enBody });

    // ── One scheduled for tomorrow, in Chinese only ────────────────────────────────────────────
    const laterTitle = `明日活动预告 ${tag}`;
    await page.getByTestId("broadcast-new").click();
    await expect(editor).toBeVisible();
    await expect(page.getByTestId("broadcast-title-zh-CN")).toHaveValue("");
    await page.getByTestId("broadcast-title-zh-CN").fill(laterTitle);
    await page.getByTestId("broadcast-body-zh-CN").fill("明天有新活动。");
    // As with the tab above, until the choice shows: a first click on a loaded machine can be lost
    // while the drawer opens.
    await expect(async () => {
      await page.getByTestId("broadcast-when-later").click();
      await expect(page.getByTestId("broadcast-submit")).toHaveText(text.submitLater, { timeout: 2_000 });
    }).toPass();
    const tomorrow = await page.evaluate(() => {
      const at = new Date(Date.now() + 24 * 3600_000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await page.getByTestId("broadcast-publish-at").fill(tomorrow);
    await page.getByTestId("broadcast-reason").fill("Journey: tomorrow's promotion");
    await page.getByTestId("broadcast-submit").click();
    await expect(editor).toBeHidden();
    const later = list.locator("tbody tr.ant-table-row").filter({ hasText: laterTitle });
    await expect(later.getByTestId("broadcast-state")).toHaveText(text.states.scheduled);
    await expect(later).toContainText("—");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "broadcasts-list");

    // ── Its drawer: each language as readers get it; cancelled with a reason ───────────────────
    await later.click();
    const drawer = page.getByTestId("broadcast-drawer");
    await expect(drawer).toBeVisible();
    await expect(
      drawer.locator(".ant-tabs-tabpane-active").getByTestId("broadcast-preview-title"),
    ).toHaveText(laterTitle);
    await expect(page.getByTestId("broadcast-detail-written-zh-CN")).toBeVisible();
    await expect(page.getByTestId("broadcast-detail-written-en")).toHaveCount(0);
    await expect(page.getByTestId("broadcast-drawer-title")).toHaveText(laterTitle);
    // The toast of the schedule would hide the drawer's title in the picture.
    await expect(page.locator(".ant-message-notice")).toHaveCount(0);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "broadcasts-drawer");
    await expect(async () => {
      await page.getByTestId("broadcast-detail-tab-en").click();
      // Written in Chinese only: an English reader gets the Chinese, and the tab says which.
      const served = text.noText.replace("{{language}}", "简体中文");
      await expect(drawer.locator(".ant-tabs-tabpane-active")).toContainText(served, { timeout: 2_000 });
    }).toPass();

    await page.getByTestId("broadcast-cancel").click();
    const ask = page.locator(".ant-modal").filter({ hasText: text.cancelTitle });
    await expect(ask).toBeVisible();
    // A click while the dialog still zooms in can land before its form listens (seen on a loaded machine).
    await expect(ask).not.toHaveClass(/ant-zoom/);
    await ask.locator(".ant-modal-footer").getByRole("button", { name: text.cancelOk }).click();
    await expect(ask.locator(".ant-form-item-explain-error")).toBeVisible();
    await page.getByTestId("reject-reason").fill("Journey: promotion postponed");
    await consoleShot(page, locale, "broadcasts-cancel");
    await ask.locator(".ant-modal-footer").getByRole("button", { name: text.cancelOk }).click();
    await expect(ask).toBeHidden();
    await expect(drawer.getByTestId("broadcast-state")).toHaveText(text.states.cancelled);
    await expect(page.getByTestId("broadcast-cancel")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(later.getByTestId("broadcast-state")).toHaveText(text.states.cancelled);
    expect(dialogs).toEqual([]);

    // ── A support operator has no broadcasts ───────────────────────────────────────────────────
    const support = await openConsoleDesk(browser, locale, DEMO_SUPPORT);
    await expect(support.getByTestId("nav-users")).toBeVisible();
    await expect(support.getByTestId("nav-broadcasts")).toHaveCount(0);
    await support.goto("/admin/broadcasts");
    await expect(support.getByText(shell.forbiddenTitle)).toBeVisible();
    await expectConsolePolished(support);
    await consoleShot(support, locale, "broadcasts-support");
    await support.context().close();
  });
}
