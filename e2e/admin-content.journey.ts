import { expect, test } from "@playwright/test";
import {
  confirmButton,
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
    await confirmButton(page).click();
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
    await confirmButton(page).click();
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
