import { randomUUID } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import {
  type ConsoleLocale,
  consoleRuns,
  consoleShot,
  DEMO_FINANCE,
  DEMO_SUPPORT,
  expectConsolePolished,
  openConsole,
  openConsoleDesk,
} from "./admin-support";
import { apiUser, bindWithdrawalAccount } from "./support";

interface UserMessage {
  seq: string;
  author: string;
  body: string;
}

/** What the user's app does: one message, under its own key. */
async function userSends(request: APIRequestContext, auth: Record<string, string>, body: string) {
  const answer = await request.post("/api/v1/chat/messages", {
    headers: auth,
    data: { clientKey: randomUUID(), body },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as UserMessage;
}

async function userHistory(request: APIRequestContext, auth: Record<string, string>) {
  const answer = await request.get("/api/v1/chat/messages", { headers: auth });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { items: UserMessage[] }).items;
}

/**
 * The user's app while they write: a socket of theirs, signed in, says they are typing. Answers the
 * browser context that holds it open.
 */
async function userTypes(browser: Browser, auth: Record<string, string>): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/api/v1/health");
  const token = (auth.authorization ?? "").replace(/^Bearer /, "");
  await page.evaluate(
    (token) =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`ws://${location.host}/api/ws`);
        socket.onopen = () => socket.send(JSON.stringify({ type: "auth", token }));
        socket.onmessage = (event) => {
          if ((JSON.parse(String(event.data)) as { type: string }).type !== "ready") return;
          socket.send(JSON.stringify({ type: "chat.typing" }));
          resolve();
        };
        socket.onerror = () => reject(new Error("the user's socket failed"));
      }),
    token,
  );
  return context;
}

/** The waiting count of the dashboard's chats card. */
async function chatsWaiting(page: Page): Promise<number> {
  const value = page.getByTestId("queue-chats").locator(".ant-statistic-content-value");
  return Number((await value.innerText()).replace(/\D/g, ""));
}

const QUESTIONS: Record<ConsoleLocale, { question: string; again: string; note: string; canned: string }> = {
  "zh-CN": {
    question: "你好，我的提现三天了还没到账，请帮忙查一下。",
    again: "好的，谢谢！我再等等。",
    note: "已核对：提现单处于审核中，财务今天处理。",
    canned: "您好，您的提现正在审核中，通常 1 个工作日内到账，请耐心等待。",
  },
  en: {
    question: "Hello, my withdrawal has not arrived after three days. Could you check it?",
    again: "Great, thank you! I will wait a little longer.",
    note: "Checked: the withdrawal is under review; finance handles it today.",
    canned: "Hello, your withdrawal is under review and usually arrives within one working day.",
  },
};

for (const { locale, text } of consoleRuns()) {
  test(`support answers a user's chat: a note, a canned reply, live messages, resolved (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const c = text.chats;
    const words = QUESTIONS[locale];
    const tag = Date.now().toString(36);
    const { auth, ...user } = await apiUser(request);
    // A bank with a long name: the context beside the chat shows it whole, wrapped, never cut off.
    await bindWithdrawalAccount(request, auth, {
      type: "bank",
      accountName: "张三",
      nationality: "CN",
      bankName: "Industrial and Commercial Bank of China, Shanghai Lujiazui Sub-branch",
      cardNumber: "6222 0212 3456 7890",
      bankAddress: "1 Century Avenue, Pudong, Shanghai",
    });

    await openConsole(page, locale, DEMO_SUPPORT);
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("queue-chats")).toContainText(text.dashboard.queue.chats);
    const waitingBefore = await chatsWaiting(page);
    // Support works the verifications and the chats; the cashier's queues are finance's to open.
    await expect(page.getByTestId("queue-verifications")).toBeVisible();
    await expect(page.getByTestId("queue-deposits")).toHaveCount(0);
    await expect(page.getByTestId("queue-withdrawals")).toHaveCount(0);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "support-dashboard");

    // ── The inbox, right after the verifications in the menu ──────────────────────────────────
    const nav = page.locator(".ant-menu");
    await expect(nav).toContainText(text.nav.chats);
    const menu = await nav
      .locator("[data-testid^=nav-]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("data-testid")));
    expect(menu.indexOf("nav-chats")).toBe(menu.indexOf("nav-verifications") + 1);
    await page.getByTestId("nav-chats").click();
    await expect(page).toHaveURL(/\/admin\/chats/);
    await expect(page.getByTestId("chat-none")).toContainText(c.noneSelected);
    // The inbox open is support at the desk: the user's chat page is told someone is online.
    await expect
      .poll(async () => {
        const answer = await request.get("/api/v1/chat", { headers: auth });
        return ((await answer.json()) as { supportOnline: boolean }).supportOnline;
      })
      .toBe(true);
    const list = page.getByTestId("chat-list");
    const row = list.locator(".chat-row", { hasText: user.account });
    await expect(row).toHaveCount(0);

    // ── The user asks: the conversation appears under Unassigned without a reload ────────────
    await userSends(request, auth, words.question);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(words.question);
    await expect(row.getByTestId("chat-row-waiting")).toBeVisible();
    await expect(row.getByTestId("chat-row-assignee")).toHaveText(c.unassigned);

    // ── The dashboard counts it, and its card leads back to the inbox ──────────────────────────
    await page.getByTestId("nav-dashboard").click();
    await expect.poll(() => chatsWaiting(page)).toBe(waitingBefore + 1);
    await page.getByTestId("queue-chats-open").click();
    await expect(page).toHaveURL(/\/admin\/chats/);

    // ── Opened: the question, and who asks beside it ───────────────────────────────────────────
    await row.click();
    await expect(page.getByTestId("chat-context-account")).toHaveText(user.account);
    await expect(page.getByTestId("chat-header-account")).toHaveText(user.account);
    await expect(page.getByTestId("chat-message-user")).toContainText(words.question);
    await expect(page.getByTestId("chat-context")).toContainText(c.context.recentWithdrawals);
    const bound = page.getByTestId("chat-context-bound");
    await expect(bound).toContainText("Lujiazui Sub-branch · ********7890");
    const fits = await bound.evaluate((element) => {
      const panel = element.closest("aside")?.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return panel !== undefined && box.right <= panel.right && element.scrollWidth <= element.clientWidth;
    });
    expect(fits).toBe(true);
    // Shown is read: the unread badge goes.
    await expect(row.locator(".ant-badge-count")).toHaveCount(0);

    // ── Taken and given back: it leaves the unassigned queue and returns ──────────────────────
    await page.getByTestId("chat-assign-me").click();
    await expect(page.getByTestId("chat-header-assignee")).toContainText(DEMO_SUPPORT.username);
    await expect(row).toHaveCount(0);
    await page.getByTestId("chat-unassign").click();
    await expect(page.getByTestId("chat-header-assignee")).toHaveText(c.unassigned);
    await expect(row).toHaveCount(1);

    // ── An internal note, then a canned reply written for this language ───────────────────────
    await page.getByTestId("chat-mode-note").click();
    await expect(page.getByTestId("chat-note-hint")).toHaveText(c.noteHint);
    await page.getByTestId("chat-input").fill(words.note);
    await page.getByTestId("chat-input").press("Enter");
    const note = page.getByTestId("chat-message-note");
    await expect(note).toContainText(words.note);
    await expect(note).toContainText(c.noteLabel);
    await expect(page.getByTestId("chat-input")).toHaveValue("");

    await page.getByTestId("chat-mode-reply").click();
    await page.getByTestId("canned-open").click();
    // The picker settles (its replies loaded, the popover aligned to its size) before a user aims at it.
    const picker = page.getByTestId("canned-picker");
    await expect(picker.locator(".ant-spin")).toHaveCount(0);
    await expect(picker.locator(".ant-empty, [data-testid=canned-item]").first()).toBeVisible();
    await page.getByTestId("canned-manage").click();
    const manager = page.getByTestId("canned-manager");
    await expect(manager).toBeVisible();
    const cannedTitle = `${locale === "en" ? "Withdrawal delay" : "提现延迟"} ${tag}`;
    await page.getByTestId("canned-title").fill(cannedTitle);
    await page.getByTestId("canned-body").fill(words.canned);
    await page.getByTestId("canned-add").click();
    await expect(manager.getByTestId("canned-row").filter({ hasText: cannedTitle })).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(manager).toBeHidden();
    // The toast of the addition would cover the page's header in the picture.
    await expect(page.locator(".ant-message-notice")).toHaveCount(0, { timeout: 15_000 });

    await page.getByTestId("canned-open").click();
    const picked = page.getByTestId("canned-item").filter({ hasText: cannedTitle });
    await expect(picked).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "chats-canned");
    await picked.click();
    await expect(page.getByTestId("chat-input")).toHaveValue(words.canned);
    await page.getByTestId("chat-input").press("Enter");
    const reply = page.getByTestId("chat-message-operator");
    await expect(reply).toContainText(words.canned);
    await expect(reply).toContainText(DEMO_SUPPORT.username);

    // ── The user got the reply, never the note ─────────────────────────────────────────────────
    const seen = await userHistory(request, auth);
    const answer = seen.find((message) => message.body === words.canned);
    expect(answer?.author).toBe("operator");
    expect(seen.some((message) => message.body === words.note || message.author === "note")).toBe(false);

    // ── The user reads it (the tick shows), types and writes again: it arrives live ───────────
    const read = await request.post("/api/v1/chat/read", { headers: auth, data: { seq: answer?.seq } });
    expect(read.ok(), await read.text()).toBe(true);
    await expect(reply.getByTestId("chat-read-tick")).toBeVisible();
    const typing = await userTypes(browser, auth);
    await expect(page.getByTestId("chat-user-typing")).toHaveText(c.userTyping);
    await userSends(request, auth, words.again);
    await expect(page.getByTestId("chat-message-user").filter({ hasText: words.again })).toHaveCount(1);
    // Their message arrived: they are no longer typing it.
    await expect(page.getByTestId("chat-user-typing")).toHaveCount(0);
    await typing.close();

    // ── Answering takes the conversation: it moves from the unassigned queue to the operator's own ──
    await expect(page.getByTestId("chat-header-assignee")).toContainText(DEMO_SUPPORT.username);
    await expect(row).toHaveCount(0);
    await page.getByTestId("chat-view-mine").click();
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("chat-row-assignee")).toContainText(DEMO_SUPPORT.username);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "chats-inbox");

    // ── Resolved after confirming: it moves to Resolved ────────────────────────────────────────
    await page.getByTestId("chat-resolve").click();
    const confirm = page.locator(".ant-modal-confirm");
    await expect(confirm.locator(".ant-modal-confirm-title")).toHaveText(c.resolveTitle);
    await confirm.getByRole("button", { name: c.resolve }).click();
    await expect(page.getByTestId("chat-header-state")).toHaveText(c.states.resolved);
    await expect(row).toHaveCount(0);
    await page.getByTestId("chat-state-resolved").click();
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId("chat-reopen")).toBeVisible();
    await expect(page.locator(".ant-message-notice")).toHaveCount(0, { timeout: 15_000 });
    await expectConsolePolished(page);
    await consoleShot(page, locale, "chats-resolved");

    // ── Finance is not at the front desk ───────────────────────────────────────────────────────
    const finance = await openConsoleDesk(browser, locale, DEMO_FINANCE);
    await finance.goto("/admin/dashboard");
    await expect(finance.getByTestId("queue-deposits")).toBeVisible();
    await expect(finance.getByTestId("queue-verifications")).toHaveCount(0);
    await expect(finance.getByTestId("nav-chats")).toHaveCount(0);
    await expect(finance.getByTestId("queue-chats")).toHaveCount(0);
    await finance.context().close();
  });
}
