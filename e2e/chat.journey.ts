import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { ChatHistory, ChatMessage, UserConversation } from "../packages/contract/src/api/chat";
import { encodePng } from "./documents";
import {
  apiSession,
  conversationIdOf,
  HOME,
  logInViaForm,
  operatorHeaders,
  postOk,
  registerViaApi,
  SHOT_RUNS,
  type ShotLocale,
  setLanguage,
} from "./support";
import { expectPolished, shot } from "./support-screens";

/**
 * Online customer service as a user lives it: from home's entry to the chat, a question, support's
 * answer arriving live and reading the question, a message written offline that goes out once the
 * network is back (and is stored once), the unread badge while the page is closed, and the rating
 * once support resolved the conversation.
 */

const CHAT = "/h5/pages/kefu/kefu";

/** A message's clock time: two-digit hours on a 24-hour clock in every locale ("00:40", "16:05"). */
const CLOCK = /^\d{2}:\d{2}$/;

const QUESTION: Record<ShotLocale, string> = {
  "zh-CN": "你好，我的提现什么时候到账？",
  en: "Hello, when will my withdrawal arrive?",
};
const ANSWER: Record<ShotLocale, string> = {
  "zh-CN": "您好，提现审核通过后一般 10 分钟内到账。",
  en: "Hi! Once approved, a withdrawal usually arrives within 10 minutes.",
};
const OFFLINE_NOTE: Record<ShotLocale, string> = {
  "zh-CN": "网络断了，这条稍后发送",
  en: "Written offline, sent later",
};
const LATER_ANSWER: Record<ShotLocale, string> = {
  "zh-CN": "已收到您的留言，还有其他问题吗？",
  en: "Got your message. Anything else we can help with?",
};

async function historyOf(request: APIRequestContext, operator: Record<string, string>, id: string) {
  const answer = await request.get(`/api/v1/operator/chats/${id}/messages?limit=100`, { headers: operator });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as ChatHistory).items;
}

const operatorSays = (
  request: APIRequestContext,
  operator: Record<string, string>,
  id: string,
  body: string,
) =>
  postOk<ChatMessage>(request, operator, `/operator/chats/${id}/messages`, {
    clientKey: `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    body,
  });

/** The composer's text box (antd-mobile measures its height with a hidden twin). */
const composer = (page: Page) => page.getByTestId("chat-input").locator("textarea:not([aria-hidden])");

const bubble = (page: Page, text: string) => page.getByTestId("chat-message").filter({ hasText: text });

for (const { locale, text: t } of SHOT_RUNS) {
  test(`online service: ask, get answered live, write offline, see the badge, rate (${locale})`, async ({
    page,
    request,
    context,
  }) => {
    await setLanguage(page, locale);
    const user = await registerViaApi(page.request);
    await logInViaForm(page, user.account, user.password);
    const auth = await apiSession(request, user);
    const operator = await operatorHeaders(request);

    // From home's entry: the service hours, as the server gives them, and nothing said yet.
    await page.goto(HOME);
    await page.getByTestId("home-service").click();
    await expect(page).toHaveURL(new RegExp(`${CHAT}$`));
    await expect(page.locator("h1")).toHaveText(t.home.service);
    const summary = (await (await request.get("/api/v1/chat", { headers: auth })).json()) as UserConversation;
    const { from, to, timeZone } = summary.serviceHours;
    const hours = page.getByTestId("chat-hours");
    await expect(hours).toContainText(
      t.chat.hours.replace("{{from}}", from).replace("{{to}}", to).replace("{{timeZone}}", timeZone),
    );
    // Who is there, as the server knows it (an operator of another test may be at the desk just now).
    if (summary.supportOnline) await expect(page.getByTestId("chat-online")).toHaveText(t.chat.online);
    else
      await expect(page.getByTestId("chat-offline")).toHaveText(
        summary.serviceHours.openNow ? t.chat.nobodyOnline : t.chat.closed,
      );
    await expect(page.getByTestId("chat-empty")).toHaveText(t.chat.empty);
    await expectPolished(page);
    await shot(page, locale, "chat-empty");

    // A question: sent, on the right, with the time in the locale's way and today's separator.
    await page.evaluate(() => {
      (window as unknown as { chatJourneyMark: boolean }).chatJourneyMark = true;
    });
    await composer(page).fill(QUESTION[locale]);
    await page.getByTestId("chat-send").click();
    const question = bubble(page, QUESTION[locale]);
    await expect(question).toHaveAttribute("data-state", "sent");
    await expect(question.getByTestId("chat-tick")).toHaveText(t.chat.sent);
    await expect(question.locator("time")).toHaveText(CLOCK);
    await expect(page.getByTestId("chat-day")).toHaveText(t.chat.today);
    await expect(composer(page)).toHaveValue("");

    // Support answers: it appears live on the left; support reads the question: its tick says so.
    const id = await conversationIdOf(request, operator, user.account);
    await operatorSays(request, operator, id, ANSWER[locale]);
    const answer = bubble(page, ANSWER[locale]);
    await expect(answer).toHaveAttribute("data-author", "operator");
    await expect(answer.locator("time")).toHaveText(CLOCK);
    // Someone answered: the page no longer says nobody is there.
    await expect(page.getByTestId("chat-online")).toHaveText(t.chat.online);
    await expect(page.getByTestId("chat-offline")).toHaveCount(0);
    const questionSeq = (await historyOf(request, operator, id)).find(
      (message) => message.body === QUESTION[locale],
    )?.seq;
    await postOk(request, operator, `/operator/chats/${id}/read`, { seq: questionSeq });
    await expect(question).toHaveAttribute("data-state", "read");
    await expect(question.getByTestId("chat-tick")).toHaveText(t.chat.read);
    expect(await page.evaluate(() => "chatJourneyMark" in window)).toBe(true);
    const [questionBox, answerBox] = [await question.boundingBox(), await answer.boundingBox()];
    expect(questionBox && answerBox && questionBox.x > answerBox.x).toBe(true);
    await expectPolished(page);
    await shot(page, locale, "chat-answered", { viewport: true });

    // A photo from the phone: shrunk, uploaded, sent; it shows in the thread, and support sees it too.
    await page.getByTestId("chat-photo-input").setInputFiles({
      name: "screenshot.png",
      mimeType: "image/png",
      buffer: encodePng(320, 200, (x, y) =>
        y < 40 ? [30, 90, 200] : x % 40 < 20 ? [230, 232, 238] : [200, 204, 214],
      ),
    });
    const photo = page.locator('[data-testid="chat-message"][data-author="user"] img');
    await expect(photo).toHaveCount(1);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);
    // The upload's progress toast has gone once the photo shows (it faded over the photo in the shot).
    await expect(page.locator(".adm-toast-main")).toBeHidden();
    const sentPhoto = (await historyOf(request, operator, id)).find((message) => message.photo !== null);
    expect(sentPhoto?.author).toBe("user");

    // Offline: the message shows at once, not sent; back online it goes out by itself, once.
    await context.setOffline(true);
    await composer(page).fill(OFFLINE_NOTE[locale]);
    await page.getByTestId("chat-send").click();
    const offlineNote = bubble(page, OFFLINE_NOTE[locale]);
    await expect(offlineNote).toHaveAttribute("data-state", /sending|failed/);
    await expect(offlineNote.getByTestId("chat-retry")).toHaveText(t.chat.failed);
    await expectPolished(page);
    await shot(page, locale, "chat-offline", { viewport: true });
    await context.setOffline(false);
    await expect(offlineNote).toHaveAttribute("data-state", "sent");
    await expect(offlineNote).toHaveCount(1);
    const stored = (await historyOf(request, operator, id)).filter(
      (message) => message.body === OFFLINE_NOTE[locale],
    );
    expect(stored).toHaveLength(1);

    // Away from the page, support answers: home's badge counts it, so does the personal center.
    await page.getByTestId("navbar-back").click();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await expect(page.getByTestId("home-service")).toBeVisible();
    await expect(page.getByTestId("home-service-badge")).toHaveCount(0);
    await operatorSays(request, operator, id, LATER_ANSWER[locale]);
    await expect(page.getByTestId("home-service-badge")).toHaveText("1");
    await expectPolished(page);
    await shot(page, locale, "chat-home-badge");
    await page.getByTestId("home-account").click();
    await expect(page.getByTestId("user-service")).toContainText(t.home.service);
    await expect(page.getByTestId("user-service-badge")).toHaveText("1");

    // Opening the page reads it: the badges go.
    await page.getByTestId("user-service").click();
    await expect(bubble(page, LATER_ANSWER[locale])).toBeVisible();
    await expect
      .poll(
        async () =>
          ((await (await request.get("/api/v1/chat", { headers: auth })).json()) as UserConversation).unread,
      )
      .toBe(0);
    await page.goto(HOME);
    await expect(page.getByTestId("home-account")).toBeVisible();
    await expect(page.getByTestId("home-service-badge")).toHaveCount(0);

    // Resolved: the rating card; five stars, sent once, and thanks.
    await page.getByTestId("home-service").click();
    await expect(bubble(page, LATER_ANSWER[locale])).toBeVisible();
    await postOk(request, operator, `/operator/chats/${id}/resolve`, {});
    const rating = page.getByTestId("chat-rating");
    await expect(rating).toContainText(t.chat.rateTitle);
    await expectPolished(page);
    await shot(page, locale, "chat-rate", { viewport: true });
    // antd-mobile's Rate answers touches (a phone's taps), not mouse clicks.
    await rating.getByRole("radio", { name: "5" }).tap();
    await expect(rating).toContainText(t.chat.rated);
    await expect(rating).toHaveAttribute("data-state", "sent");
    await expect
      .poll(
        async () =>
          ((await (await request.get("/api/v1/chat", { headers: auth })).json()) as UserConversation).canRate,
      )
      .toBe(false);
    await expectPolished(page);
    await shot(page, locale, "chat-rated", { viewport: true });
  });
}
