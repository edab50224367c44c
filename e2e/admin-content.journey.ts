import { expect, test } from "@playwright/test";
import {
  confirmConsole,
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  expectConsolePolished,
  openConsole,
} from "./admin-support";

/** Markdown with a heading, a list, a link, and raw HTML that must reach the reader as text only. */
const BODY = (lead: string) =>
  [
    `# ${lead}`,
    "",
    "- first point",
    "- second point",
    "",
    "Read [the rules](https://example.com/rules).",
    "",
    "<script>alert(1)</script>",
  ].join("\n");

for (const {
  locale,
  text: { content: text },
} of consoleRuns()) {
  test(`an admin publishes a news article with Markdown, then schedules a second version (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // Other journeys and the demo seed write content too: this article is found by its own title.
    const title = `旅程新闻 ${locale} ${Date.now().toString(36)}`;
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openConsole(page, locale, DEMO_ADMIN);

    // ── The list, by kind; a new news article ────────────────────────────────────────────────────
    await page.getByTestId("nav-content").click();
    await expect(page).toHaveURL(/\/admin\/content/);
    await page.getByTestId("content-group-news").click();
    await expect(page.getByTestId("content-new")).toBeVisible();
    await page.getByTestId("content-new").click();
    const editor = page.getByTestId("content-editor");
    await expect(editor).toBeVisible();

    await page.getByTestId("content-title-zh-CN").fill(title);
    await page.getByTestId("content-summary-zh-CN").fill("旅程摘要");
    await page.getByTestId("content-body-zh-CN").fill(BODY("平台公告"));
    const preview = editor.locator(".ant-tabs-tabpane-active").getByTestId("content-preview");
    await expect(preview.locator("h1")).toHaveText("平台公告");
    await expect(preview.locator("li")).toHaveCount(2);
    await expect(preview.locator("a")).toHaveAttribute("href", "https://example.com/rules");
    // The raw HTML is shown as text, and no script element exists to run.
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(preview.locator("script")).toHaveCount(0);

    await page.getByTestId("content-tab-en").click();
    await page.getByTestId("content-title-en").fill(`Journey news ${locale}`);
    await page.getByTestId("content-body-en").fill(BODY("Platform notice"));
    await expect(
      editor.locator(".ant-tabs-tabpane-active").getByTestId("content-preview").locator("h1"),
    ).toHaveText("Platform notice");
    await expect(page.getByTestId("content-written-zh-CN")).toBeVisible();
    await expect(page.getByTestId("content-written-en")).toBeVisible();
    await expect(page.getByTestId("content-written-ja")).toHaveCount(0);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "content-editor");

    await page.getByTestId("content-reason").fill("Journey: platform notice");
    await page.getByTestId("content-publish").click();
    await expect(page.locator(".ant-modal-confirm-title")).toHaveText(text.confirmTitle);
    await expect(page.getByTestId("content-confirm")).toContainText(title);
    await consoleShot(page, locale, "content-confirm");
    await confirmConsole(page);
    await expect(editor).toBeHidden();

    const row = page.getByTestId("content-list").locator("tbody tr.ant-table-row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("v1");
    await expect(row.getByTestId("content-scheduled")).toHaveCount(0);
    const id = await row.getAttribute("data-row-key");
    expect(id).toBeTruthy();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "content-list");

    // ── A second version, from the first one's texts, scheduled for tomorrow ─────────────────────
    await row.click();
    await expect(page.getByTestId("content-title-zh-CN")).toHaveValue(title);
    await expect(page.getByTestId("content-history").locator("tbody tr.ant-table-row")).toHaveCount(1);
    await page.getByTestId("content-body-zh-CN").fill(BODY("第二版公告"));
    await page.getByTestId("content-when-later").click();
    const tomorrow = await page.evaluate(() => {
      const at = new Date(Date.now() + 24 * 3600_000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await page.getByTestId("content-publish-at").fill(tomorrow);
    await page.getByTestId("content-reason").fill("Journey: second version tomorrow");
    await page.getByTestId("content-publish").click();
    await expect(page.getByTestId("content-confirm")).toContainText(title);
    await confirmConsole(page);
    await expect(editor).toBeHidden();

    await expect(row).toContainText("v2");
    await expect(row.getByTestId("content-scheduled")).toHaveText(text.scheduled);
    await consoleShot(page, locale, "content-scheduled");

    await row.click();
    const history = page.getByTestId("content-history").locator("tbody tr.ant-table-row");
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText(text.scheduled);
    await expect(history.first()).toContainText(DEMO_ADMIN.username);
    await page.getByTestId("content-history").scrollIntoViewIfNeeded();
    await consoleShot(page, locale, "content-history");

    // ── Readers still get version 1 until tomorrow ───────────────────────────────────────────────
    const published = await request.get(`/api/v1/content/articles/${id}`, {
      headers: { "accept-language": "zh-CN" },
    });
    expect(published.ok(), await published.text()).toBe(true);
    const article = (await published.json()) as { version: number; title: string; body: string };
    expect(article.version).toBe(1);
    expect(article.title).toBe(title);
    expect(article.body).toContain("平台公告");
    expect(dialogs).toEqual([]);
  });
}

for (const { locale, text } of consoleRuns()) {
  test(`an admin writes a banner with an image and schedules a pop-up notice (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    await openConsole(page, locale, DEMO_ADMIN);
    await page.getByTestId("nav-content").click();
    await page.getByTestId("content-group-banners").click();
    await expect(page).toHaveURL(/kind=banners/);

    // ── A banner: texts in two languages, an image, a link inside the app, its place in the carousel ──
    await page.getByTestId("notice-new").click();
    const editor = page.getByTestId("notice-editor");
    await expect(editor).toBeVisible();
    await page.getByTestId("notice-title-zh-CN").fill(`旅程横幅 ${stamp}`);
    await page.getByTestId("notice-body-zh-CN").fill("进场与出场价格都可重算。");
    await page.getByTestId("notice-tab-en").click();
    await page.getByTestId("notice-title-en").fill(`Journey banner ${stamp}`);
    // The picture is the console's own screen: any PNG does, the server re-encodes it.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 686, height: 300 } });
    await editor
      .locator('input[type="file"]')
      .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("notice-image-preview")).toBeVisible();
    // A link outside the app is refused by the server, in the console's language.
    await editor.locator("input#link").fill("https://example.com/");
    await editor.locator("input#position").fill("5");
    await page.getByTestId("notice-reason").fill("Journey: spring banner");
    await page.getByTestId("notice-save").click();
    await expect(page.getByTestId("notice-error")).toContainText("/pages/product/product");
    await editor.locator("input#link").fill("/pages/fairness/fairness");
    // The refusal spoke of the link sent: once the link is changed it is no longer shown.
    await expect(page.getByTestId("notice-error")).toHaveCount(0);
    await expect(page.getByTestId("notice-written-en")).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "notice-banner-editor");
    await page.getByTestId("notice-save").click();
    await expect(editor).toBeHidden();

    const banner = page
      .getByTestId("notice-list")
      .locator("tbody tr.ant-table-row")
      .filter({ hasText: stamp });
    await expect(banner).toHaveCount(1);
    await expect(banner).toContainText(text.notices.states.live);
    await expect(banner).toContainText("/pages/fairness/fairness");
    await expect(banner.locator("img")).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "notice-banners");

    // ── A pop-up notice from tomorrow: scheduled, and version 2 once its text changes ──────────────
    await page.getByTestId("content-group-popups").click();
    await page.getByTestId("notice-new").click();
    await expect(editor).toBeVisible();
    await page.getByTestId("notice-title-zh-CN").fill(`旅程弹窗 ${stamp}`);
    await page.getByTestId("notice-body-zh-CN").fill("明日系统维护。");
    const tomorrow = await page.evaluate(() => {
      const at = new Date(Date.now() + 24 * 3600_000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await page.getByTestId("notice-starts-at").fill(tomorrow);
    await page.getByTestId("notice-reason").fill("Journey: maintenance notice");
    await page.getByTestId("notice-save").click();
    await expect(editor).toBeHidden();
    const popup = page
      .getByTestId("notice-list")
      .locator("tbody tr.ant-table-row")
      .filter({ hasText: stamp });
    await expect(popup).toContainText(text.notices.states.upcoming);
    await expect(popup).toContainText("v1");

    await popup.click();
    await expect(page.getByTestId("notice-title-zh-CN")).toHaveValue(`旅程弹窗 ${stamp}`);
    await page.getByTestId("notice-body-zh-CN").fill("明日 02:00 系统维护。");
    await page.getByTestId("notice-reason").fill("Journey: the time of the maintenance");
    await consoleShot(page, locale, "notice-popup-editor");
    await page.getByTestId("notice-save").click();
    await expect(editor).toBeHidden();
    await expect(popup).toContainText("v2");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "notice-popups");
  });
}
