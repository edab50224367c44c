import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type {
  ContentDocumentList,
  ContentKind,
  ContentTranslations,
} from "../packages/contract/src/api/content";
import {
  apiUser,
  HOME,
  logInViaForm,
  operatorHeaders,
  postOk,
  SHOT_RUNS,
  type ShotLocale,
  setLanguage,
} from "./support";
import { expectPolished, settledShot, shot } from "./support-screens";

/**
 * Content as a visitor reads it: an operator publishes about us, the privacy policy, the service
 * agreement and a news article through the console API; a visitor opens home, about us, goes back,
 * the privacy policy, then the article from home's news, then the full news list from home's "more"
 * and the article from there. The Markdown carries raw HTML, which must show as text and never run.
 */

/** A medium date as each shot locale writes it ("2026年11月24日", "Nov 24, 2026"). */
const MEDIUM_DATE: Record<ShotLocale, RegExp> = {
  "zh-CN": /^\d{4}年\d{1,2}月\d{1,2}日$/,
  en: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
};

function body(locale: ShotLocale, heading: string): string {
  const zh = locale === "zh-CN";
  return [
    `## ${heading}`,
    "",
    zh
      ? "Tickfair 的每一个结果都来自**已记录的**价格跳动，任何人都无法更改。"
      : "Every Tickfair outcome comes from **recorded** price ticks that nobody can change.",
    "",
    zh
      ? "- 复式记账，精确到分\n- 密码由您自行修改"
      : "- Double-entry ledger, exact to the cent\n- You change your own passwords",
    "",
    zh ? "> 交易有风险，请量力而行。" : "> Trading carries risk: only stake what you can afford to lose.",
    "",
    `${zh ? "联系" : "Contact"}: [support@tickfair.example](mailto:support@tickfair.example) · \`v1\``,
    "",
    '<script>window.__injected = true</script> <img src="x" onerror="window.__injected = true">',
    "",
    "[x](javascript:window.__injected=true)",
  ].join("\n");
}

function translations(kind: ContentKind, stamp: string): ContentTranslations {
  const titles: Record<ContentKind, [string, string]> = {
    about: ["关于 Tickfair", "About Tickfair"],
    privacy: ["隐私政策", "Privacy policy"],
    agreement: ["服务协议", "Service agreement"],
    news: [`平台上线新产品 ${stamp}`, `New products on the platform ${stamp}`],
    highlight: ["可验证的结果", "Verifiable outcomes"],
  };
  const [zhTitle, enTitle] = titles[kind];
  return {
    "zh-CN": { title: zhTitle, summary: "", body: body("zh-CN", zhTitle) },
    en: { title: enTitle, summary: "", body: body("en", enTitle) },
  } as ContentTranslations;
}

/** Publishes `kind` now: a new document, or for about, privacy and agreement (one each) a new version. */
async function publish(
  request: APIRequestContext,
  auth: Record<string, string>,
  kind: ContentKind,
  stamp: string,
) {
  const data = { translations: translations(kind, stamp), reason: "e2e content journey" };
  const listed = await request.get(`/api/v1/operator/content?kind=${kind}`, { headers: auth });
  expect(listed.ok()).toBe(true);
  const existing = ((await listed.json()) as ContentDocumentList).items[0];
  if (existing && kind !== "news" && kind !== "highlight")
    await postOk(request, auth, `/operator/content/${existing.id}/versions`, data);
  else await postOk(request, auth, "/operator/content", { ...data, kind });
}

async function expectDocument(page: Page, title: string) {
  const article = page.getByTestId("content-body");
  await expect(article).toBeVisible();
  await expect(page.locator(".content-card__title")).toHaveText(title);
  // The raw HTML is text on the page, and none of it ran.
  await expect(article).toContainText("<script>");
  expect(await article.locator("script, img, [onerror]").count()).toBe(0);
  expect(await article.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
}

for (const { locale, text: t } of SHOT_RUNS) {
  test(`content: home, about us, privacy, agreement and a news article (${locale})`, async ({
    page,
    request,
  }) => {
    const stamp = `${Date.now() % 100000}`;
    const auth = await operatorHeaders(request);
    for (const kind of ["about", "privacy", "agreement", "news"] as const)
      await publish(request, auth, kind, stamp);
    const texts = translations("news", stamp)[locale];
    const newsTitle = texts?.title ?? "";

    await setLanguage(page, locale);
    await page.goto(HOME);
    const news = page.getByTestId("home-news");
    await expect(news.getByText(newsTitle)).toBeVisible();
    await expect(page.getByText(t.home.news)).toBeVisible();
    await expectPolished(page);
    await shot(page, locale, "content-home");

    await page.getByTestId("home-about").click();
    await expect(page).toHaveURL(/\/h5\/pages\/aboutUs\/aboutUs$/);
    await expectDocument(page, locale === "zh-CN" ? "关于 Tickfair" : "About Tickfair");
    // Beside what the platform says of itself, the payout times anyone can hold it to.
    await expect(page.getByTestId("payout-times")).toContainText(t.withdraw.payouts.title);
    await expectPolished(page);
    await shot(page, locale, "content-about");

    await page.getByTestId("navbar-back").click();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await page.getByTestId("home-privacy").click();
    await expect(page).toHaveURL(/\/h5\/pages\/yinsi\/yinsi$/);
    await expectDocument(page, locale === "zh-CN" ? "隐私政策" : "Privacy policy");
    await shot(page, locale, "content-privacy");

    await page.getByTestId("navbar-back").click();
    const article = page.getByTestId("home-news").getByText(newsTitle);
    await article.scrollIntoViewIfNeeded();
    const homeScrolled = await page.evaluate(() => window.scrollY);
    expect(homeScrolled).toBeGreaterThan(0);
    await article.click();
    await expect(page).toHaveURL(/\/h5\/pages\/index\/detail\?id=\d+$/);
    await expectDocument(page, newsTitle);
    // A page moved to opens at its top; the one returned to, where the user left it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectPolished(page);
    await shot(page, locale, "content-article");

    // The full list, newest first: the article just published on top of the demo's news.
    await page.getByTestId("navbar-back").click();
    await expect(page).toHaveURL(new RegExp(`${HOME}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(homeScrolled);
    await page.getByTestId("home-news-more").click();
    await expect(page).toHaveURL(/\/h5\/pages\/index\/news$/);
    await expect(page.locator("h1")).toHaveText(t.content.news);
    const rows = page.getByTestId("news-list-item");
    await expect(rows.first()).toContainText(newsTitle);
    expect(await rows.count()).toBeGreaterThan(1);
    for (const date of await rows.locator("time").allTextContents())
      expect(date).toMatch(MEDIUM_DATE[locale]);
    await expectPolished(page);
    await shot(page, locale, "content-news");

    await rows.first().click();
    await expect(page).toHaveURL(/\/h5\/pages\/index\/detail\?id=\d+$/);
    await expectDocument(page, newsTitle);
    await page.getByTestId("navbar-back").click();
    await expect(page).toHaveURL(/\/h5\/pages\/index\/news$/);

    await page.goto("/h5/pages/yinsi/gy");
    await expectDocument(page, locale === "zh-CN" ? "服务协议" : "Service agreement");
    await shot(page, locale, "content-agreement");

    // An article that does not exist: said so, not an error, with the way to the others.
    await page.goto("/h5/pages/index/detail?id=999999");
    await expect(page.getByTestId("article-missing")).toContainText(t.content.articleMissing);
    await expect(page.getByRole("button", { name: t.content.allNews })).toBeVisible();
    await shot(page, locale, "content-missing");
  });
}

/** A banner or pop-up written through the console API in both shot locales; answers its id. */
async function writeNotice(
  request: APIRequestContext,
  auth: Record<string, string>,
  input: { kind: "banner" | "popup"; zh: [string, string]; en: [string, string]; link: string },
): Promise<string> {
  const notice = await postOk<{ id: string }>(request, auth, "/operator/notices", {
    kind: input.kind,
    translations: {
      "zh-CN": { title: input.zh[0], body: input.zh[1] },
      en: { title: input.en[0], body: input.en[1] },
    },
    link: input.link,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    reason: "e2e banners journey",
  });
  return notice.id;
}

/** Ends a banner or pop-up now, its texts as they are. */
async function endNotice(request: APIRequestContext, auth: Record<string, string>, id: string) {
  const notice = (await (await request.get(`/api/v1/operator/notices/${id}`, { headers: auth })).json()) as {
    translations: unknown;
    link: string | null;
    position: number;
    startsAt: string;
  };
  const ended = await request.put(`/api/v1/operator/notices/${id}`, {
    headers: auth,
    data: { ...notice, endsAt: new Date().toISOString(), reason: "e2e banners journey ends" },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
}

for (const { locale, text: t } of SHOT_RUNS) {
  test(`content: home's banners and a pop-up notice shown once (${locale})`, async ({ page, request }) => {
    const stamp = `${Date.now() % 100000}`;
    const auth = await operatorHeaders(request);
    const zh = locale === "zh-CN";
    const bannerTitle = zh ? `核验每一笔 ${stamp}` : `Verify every contract ${stamp}`;
    const bannerId = await writeNotice(request, auth, {
      kind: "banner",
      zh: [`核验每一笔 ${stamp}`, "进场与出场价格都可重算。"],
      en: [`Verify every contract ${stamp}`, "Entry and exit prices can be recomputed."],
      link: "/pages/fairness/fairness",
    });
    const popupTitle = zh ? `系统维护通知 ${stamp}` : `Maintenance notice ${stamp}`;
    const popupId = await writeNotice(request, auth, {
      kind: "popup",
      zh: [`系统维护通知 ${stamp}`, "周六 02:00–03:00 暂停出金，交易不受影响。"],
      en: [
        `Maintenance notice ${stamp}`,
        "Withdrawals pause on Saturday 02:00–03:00; trading is not affected.",
      ],
      link: "/pages/solvency/solvency",
    });
    try {
      await setLanguage(page, locale);
      await page.goto(HOME);
      const dialog = page.locator(".adm-dialog-body").filter({ visible: true });
      await expect(dialog.getByTestId("home-popup")).toBeVisible();
      await expect(dialog).toContainText(popupTitle);
      // Named by its title, as a screen reader announces it.
      await expect(page.getByRole("dialog", { name: popupTitle })).toBeVisible();
      await expectPolished(page);
      await settledShot(page, locale, "home-popup", { dialog: true });
      // The dialog over home and the carousel under it: nothing axe's WCAG 2.1 AA rules object to.
      const axe = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);

      await dialog.getByRole("button", { name: t.home.noticeClose }).click();
      await expect(page.getByTestId("home-popup")).toBeHidden();
      const banners = page.getByTestId("home-banners");
      const slides = banners.getByTestId("home-banner-slide");
      // Ours first (position 0), then the demo's two with their pictures.
      await expect(slides.first()).toContainText(bannerTitle);
      expect(await slides.count()).toBeGreaterThanOrEqual(3);
      const picture = slides.nth(1).locator("img");
      await expect(picture).toHaveAttribute("width", "1029");
      await expect(picture).toHaveAttribute("height", "450");
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1029);
      await expectPolished(page);
      await settledShot(page, locale, "home-banners", { viewport: true });

      // The dots step the carousel; the second slide is the demo's first.
      const dots = banners.locator(".home-carousel__dots button");
      await expect(dots).toHaveCount(await slides.count());
      await dots.nth(1).click();
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await expect(slides.nth(1)).toBeInViewport();
      await shot(page, locale, "home-banners-second", { viewport: true });

      // Dismissed on this device: a reload shows the banners and no pop-up.
      const popupAnswer = page.waitForResponse((response) =>
        response.url().includes("/api/v1/content/popup"),
      );
      await page.reload();
      await popupAnswer;
      await expect(slides.first()).toContainText(bannerTitle);
      await expect(page.getByTestId("home-popup")).toHaveCount(0);

      // A banner opens its page in the app.
      await slides.first().click();
      await expect(page).toHaveURL(/\/h5\/pages\/fairness\/fairness$/);

      // Signed in, a dismissal is the user's, kept by the server: their other sessions show it no more.
      const user = await apiUser(request);
      await logInViaForm(page, user.account, user.password);
      await page.goto(HOME);
      const ownDialog = page.locator(".adm-dialog-body").filter({ visible: true });
      await expect(ownDialog.getByTestId("home-popup")).toBeVisible();
      await ownDialog.getByRole("button", { name: t.home.noticeClose }).click();
      await expect(page.getByTestId("home-popup")).toBeHidden();
      await expect
        .poll(async () => {
          const unseen = await request.get("/api/v1/content/popup/unseen", { headers: user.auth });
          return ((await unseen.json()) as { popup: unknown }).popup;
        })
        .toBeNull();
    } finally {
      // Later journeys (and this one in the next language) open home: ours end here.
      await endNotice(request, auth, bannerId);
      await endNotice(request, auth, popupId);
    }
  });
}

test("home asks for its banners and prices alongside its code, and its first picture first", async ({
  page,
}) => {
  const asked = new Set<string>();
  const pictures: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/images/")) pictures.push(new URL(request.url()).pathname);
    const match = /\/api\/v1\/(content\/banners|market\/products)$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) asked.add(match[1]);
  });
  // Home's code is held until its data has been asked for: a home that asked only once it had
  // rendered would find nothing asked, and the wait below would run out.
  let released: (askedBeforeCode: boolean) => void = () => undefined;
  const codeReleased = new Promise<boolean>((resolve) => {
    released = resolve;
  });
  await page.route(/\/static\/js\/Home-[\w-]+\.js$/, async (route) => {
    released(
      await expect
        .poll(() => asked.size, { timeout: 5_000 })
        .toBe(2)
        .then(
          () => true,
          () => false,
        ),
    );
    await route.continue();
  });
  const bannersAnswer = page.waitForResponse((response) =>
    response.url().endsWith("/api/v1/content/banners"),
  );
  await page.goto(HOME);
  const banners = (await (await bannersAnswer).json()) as { items: { image: { url: string } | null }[] };
  expect(await codeReleased).toBe(true);

  // The demo's first banner has a picture: asked for at the highest priority as soon as its address is
  // known, and shown by the carousel's first slide without asking again.
  const first = banners.items[0]?.image?.url;
  expect(first).toBeTruthy();
  await expect(page.locator(`link[rel="preload"][as="image"][href="${first}"]`)).toHaveAttribute(
    "fetchpriority",
    "high",
  );
  const picture = page.getByTestId("home-banner-slide").first().locator("img");
  await expect(picture).toHaveAttribute("src", first ?? "");
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(pictures.filter((path) => first?.endsWith(path))).toHaveLength(1);
});
