import { type APIRequestContext, expect, test } from "@playwright/test";
import { passwordStepUp } from "@tickfair/contract";
import type { BroadcastTranslations, InboxPage, UnreadCount } from "../packages/contract/src/api/messages";
import {
  confirmDialog,
  HOME,
  operatorHeaders,
  postOk,
  requestBankDeposit,
  SHOT_RUNS,
  type ShotLocale,
  signedInUser,
  stepUpHeader,
} from "./support";
import { expectPolished, shot } from "./support-screens";

/**
 * System messages as a user lives them: the app is open on home when an operator sends a broadcast
 * and the user's own account makes notices (a deposit confirmed, the transaction password changed);
 * the badges count them live, the page words them in the user's language, opening one reads it and
 * "mark all read" clears the badges. A brand-new user sees the page's empty state.
 */

const MESSAGES = "/h5/pages/message/message";

/** The relative time of a message sent moments ago, as each shot locale says it. */
const JUST_NOW: Record<ShotLocale, string> = { "zh-CN": "刚刚", en: "just now" };

// Users are opened and signed in through the page's own request context, the browser's device: a
// sign-in from another device would be a "new sign-in" notice of its own.

async function unreadOf(request: APIRequestContext, auth: Record<string, string>): Promise<number> {
  const answer = await request.get("/api/v1/messages/unread", { headers: auth });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as UnreadCount).unread;
}

/** A deposit of `amount` the user submits and an operator confirms: a "deposit confirmed" notice. */
async function confirmedDeposit(
  request: APIRequestContext,
  user: { account: string; auth: Record<string, string> },
  operator: Record<string, string>,
  amount: string,
): Promise<string> {
  const deposit = await requestBankDeposit(
    request,
    user.auth,
    { amount, reference: `MSG-${user.account}` },
    `${user.account}-deposit`,
  );
  const confirmed = await request.post(`/api/v1/operator/deposits/${deposit.id}/confirm`, {
    headers: operator,
  });
  // 200: confirmed and credited (202 would be a large deposit waiting for a second operator).
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return deposit.orderNo;
}

// First, before any broadcast exists: every user has every broadcast in their inbox.
for (const { locale, text: t } of SHOT_RUNS) {
  test(`messages: a brand-new user has none (${locale})`, async ({ page }) => {
    await signedInUser(page, page.request, locale);
    await page.goto(MESSAGES);
    await expect(page.locator("h1")).toHaveText(t.home.messages);
    await expect(page.getByTestId("messages-empty")).toHaveText(t.messages.noRecords);
    await expect(page.getByTestId("messages-read-all")).toBeDisabled();
    await expectPolished(page);
    await shot(page, locale, "messages-empty");

    await page.goto(HOME);
    await expect(page.getByTestId("home-account")).toBeVisible();
    await expect(page.getByTestId("home-messages-badge")).toHaveCount(0);
  });
}

for (const { locale, text: t } of SHOT_RUNS) {
  test(`messages: a broadcast and notices arrive live, are read and marked all read (${locale})`, async ({
    page,
    request,
  }) => {
    const stamp = `${Date.now() % 100000}`;
    const broadcast: Partial<BroadcastTranslations> = {
      "zh-CN": { title: `系统维护通知 ${stamp}`, body: `今晚 23:00 起维护 30 分钟。\n期间暂停交易。` },
      en: {
        title: `Scheduled maintenance ${stamp}`,
        body: "Maintenance from 23:00 for 30 minutes.\nTrading pauses.",
      },
    };
    const user = await signedInUser(page, page.request, locale);
    const operator = await operatorHeaders(request);
    // Every broadcast sent before this one (another locale's run) is unread for this user too.
    const before = await unreadOf(request, user.auth);

    await page.goto(HOME);
    const badge = page.getByTestId("home-messages-badge");
    await expect(page.getByTestId("home-account")).toBeVisible();
    if (before === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(String(before));
    await page.evaluate(() => {
      (window as unknown as { messagesJourneyMark: boolean }).messagesJourneyMark = true;
    });

    // The operator's broadcast: the badge counts it within the socket's few seconds of spread.
    await postOk(request, operator, "/operator/broadcasts", {
      translations: broadcast,
      publishAt: null,
      reason: "e2e messages journey",
    });
    await expect(badge).toHaveText(String(before + 1));
    // The user's own notices: the transaction password changed, a deposit confirmed.
    const stepUp = await stepUpHeader(request, user.auth, passwordStepUp("pay"), user.payPassword);
    await postOk(request, { ...user.auth, ...stepUp }, "/me/password", {
      type: "pay",
      oldPassword: user.payPassword,
      newPassword: "135790",
      confirmPassword: "135790",
    });
    const orderNo = await confirmedDeposit(request, user, operator, "1234.50");
    await expect(badge).toHaveText(String(before + 3));
    // Live, not reloaded: the mark in the page's memory is still there.
    expect(await page.evaluate(() => "messagesJourneyMark" in window)).toBe(true);
    await expectPolished(page);
    await shot(page, locale, "messages-home-badge");

    // The personal center's row counts them too.
    await page.getByTestId("home-account").click();
    await expect(page.getByTestId("user-messages")).toContainText(t.home.messages);
    await expect(page.getByTestId("user-messages-badge")).toHaveText(String(before + 3));
    await expectPolished(page);
    await shot(page, locale, "messages-user-badge");

    await page.getByTestId("user-messages").click();
    await expect(page).toHaveURL(new RegExp(`${MESSAGES}$`));
    const rows = page.getByTestId("message");
    const broadcastRow = rows.filter({ hasText: broadcast[locale]?.title ?? "" });
    const payRow = rows.and(page.locator('[data-kind="pay_password_changed"]'));
    const depositRow = rows.and(page.locator('[data-kind="deposit_confirmed"]'));
    await expect(broadcastRow).toHaveAttribute("data-read", "false");
    await expect(payRow.getByTestId("message-title")).toHaveText(
      t.messages.notice.pay_password_changed.title,
    );
    await expect(depositRow.getByTestId("message-title")).toHaveText(
      t.messages.notice.deposit_confirmed.title,
    );
    await expect(depositRow.getByTestId("message-body")).toContainText(orderNo);
    await expect(depositRow.getByTestId("message-body")).toContainText("1,234.50");
    for (const row of [broadcastRow, payRow, depositRow])
      await expect(row.locator("time")).toHaveText(JUST_NOW[locale]);
    await expectPolished(page);
    await shot(page, locale, "messages-list");

    // Opening one shows its whole text, reads it and lowers the count.
    await broadcastRow.getByTestId("message-toggle").click();
    await expect(broadcastRow).toHaveAttribute("data-read", "true");
    await expect(broadcastRow.getByTestId("message-body")).toHaveText(broadcast[locale]?.body ?? "");
    await depositRow.getByTestId("message-toggle").click();
    await expect(depositRow).toHaveAttribute("data-read", "true");
    await expect(depositRow.getByTestId("message-link")).toHaveText(t.user.depositDetails);
    await expect.poll(() => unreadOf(request, user.auth)).toBe(before + 1);
    await expectPolished(page);
    await shot(page, locale, "messages-open");

    await page.goto(HOME);
    await expect(badge).toHaveText(String(before + 1));

    // Mark all read, once confirmed: every row read, the button and the badges gone.
    await page.getByTestId("home-messages").click();
    await expect(page).toHaveURL(new RegExp(`${MESSAGES}$`));
    await page.getByTestId("messages-read-all").click();
    await expect(page.locator(".adm-dialog-body")).toContainText(t.messages.markAllReadConfirm);
    await confirmDialog(page);
    await expect(page.getByTestId("messages-read-all")).toBeDisabled();
    await expect(rows.and(page.locator('[data-read="false"]'))).toHaveCount(0);
    expect(await unreadOf(request, user.auth)).toBe(0);
    await payRow.getByTestId("message-toggle").click();
    await expect(payRow.getByTestId("message-body")).toContainText(
      locale === "zh-CN" ? "联系客服" : "contact customer service",
    );
    await expectPolished(page);
    await shot(page, locale, "messages-all-read");

    await page.getByTestId("navbar-back").click();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await expect(page.getByTestId("home-messages")).toBeVisible();
    await expect(badge).toHaveCount(0);

    // The inbox through the API agrees with what the page showed.
    const inbox = await request.get("/api/v1/messages", { headers: user.auth });
    const { items } = (await inbox.json()) as InboxPage;
    expect(items.every((item) => item.read)).toBe(true);

    // The same user reading in German: the broadcast has no German text, so they read the English.
    if (locale !== "en") return;
    await page.evaluate(() => localStorage.setItem("language", "de"));
    await page.goto(MESSAGES);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(broadcastRow.getByTestId("message-title")).toHaveText(broadcast.en?.title ?? "");
    await broadcastRow.getByTestId("message-toggle").click();
    await expect(broadcastRow.getByTestId("message-body")).toHaveText(broadcast.en?.body ?? "");
  });
}
