import { expect, test } from "@playwright/test";
import { CLOCK_OPTIONS } from "@tickfair/contract";
import {
  DETAIL,
  detailPage,
  expectTradingPolished,
  latestQuote,
  logInViaForm,
  MARKET_COLOURS,
  newUser,
  operatorHeaders,
  postOk,
  SHOT_RUNS,
  setLanguage,
} from "./support";
import { axeViolations, settledShot, shot } from "./support-screens";
import {
  btcCaps,
  cents,
  chooseChartIn,
  expectChartToolsFit,
  expectLastSession,
  fill,
  listenToAnnouncer,
  spokenPattern,
  tabTo,
} from "./trading-steps";

for (const { locale, text } of SHOT_RUNS) {
  test(`buy up on BTC/USDT and watch it settle in ${locale}`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const user = await newUser(page, request, locale, "1000.00");

    // An address that names no product leads to the list where one is chosen.
    await page.goto("/h5/pages/Detail/Detail");
    await expect(page).toHaveURL(/\/h5\/pages\/product\/product$/);

    // Without a session the page shows; buying sends the visitor to log in.
    await page.goto(DETAIL);
    await expect(page.getByTestId("detail-simulated")).toHaveText(text.market.simulated);
    // "Buy up" wears a rise's colour and "buy down" a fall's, as this language's readers expect.
    await expect(page.getByTestId("trade-buy-up")).toHaveCSS("background-color", MARKET_COLOURS[locale].rise);
    await expect(page.getByTestId("trade-buy-down")).toHaveCSS(
      "background-color",
      MARKET_COLOURS[locale].fall,
    );
    await page.getByTestId("trade-buy-up").click();
    await expect(page).toHaveURL(/\/h5\/pages\/login\/login\?redirect=/);

    await logInViaForm(page, user.account, user.password);
    await page.goto(DETAIL);
    await expect(page.getByTestId("detail-name")).toBeVisible();
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
      timeout: 15_000,
    });
    await expect(page.locator('[data-testid="detail-chart"] canvas').first()).toBeVisible();
    const price = page.getByTestId("detail-price");
    await expect(price).toHaveText(/^\d[\d,.]*$/);
    const first = await price.innerText();
    await expect(price).not.toHaveText(first, { timeout: 15_000 });
    await expect(page.getByTestId("trade-available")).toContainText("1,000.00");
    // Buy up and buy down are on the phone's screen as the page opens, without a scroll.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByTestId("trade-buy-up")).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("trade-buy-down")).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("detail-view-positions")).toHaveText(text.trading.viewPositions);
    await expect(page.getByTestId("detail-view-positions")).toHaveAttribute("href", "/h5/pages/order/order");

    // Candles switch in place.
    await page.getByTestId("detail-view-1m").click();
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
      timeout: 15_000,
    });
    await expectTradingPolished(page);
    await shot(page, locale, "trading-01-detail", { viewport: true });

    // The product's trading rules: the current terms and when they took effect, the expected value per
    // duration, and the terms' history behind an expander.
    await page.getByTestId("trade-rules-link").click();
    await expect(page).toHaveURL(/\/h5\/pages\/Detail\/rules\?symbol=BTC%2FUSDT$/);
    // The version in force is the newest the public history lists (journeys before this one may have
    // changed BTC's terms).
    const history = (await (
      await request.get("/api/v1/market/products/BTC%2FUSDT/terms-history")
    ).json()) as {
      items: { version: number }[];
    };
    const current = history.items[0]?.version ?? 0;
    await expect(page.getByTestId("rules-version")).toContainText(
      text.trading.rules.version.replace("{{version}}", String(current)),
    );
    await expect(page.getByTestId("rules-duration-30")).toContainText("80");
    await expect(page.getByTestId("rules-history-1")).toBeHidden();
    await page.getByTestId("rules-history").locator("summary").click();
    await expect(page.getByTestId("rules-history-1")).toBeVisible();
    await expectTradingPolished(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, locale, "trading-03-rules");
    await page.goBack();
    await expect(page.getByTestId("detail-name")).toBeVisible();

    // The shortest duration, a small amount, the estimate computed exactly.
    const short = page.locator('[data-testid^="trade-duration-"]').first();
    await expect(short).toHaveAttribute("data-testid", "trade-duration-30");
    await short.click();
    // A zero stays zero and gets no estimate: the ticket asks for another amount and opens nothing.
    await page.getByTestId("trade-amount").fill("0");
    await page.getByTestId("trade-buy-up").click();
    await expect(page.getByTestId("trade-amount-error")).toHaveText(text.cashier.amountRequired);
    await expect(page.getByTestId("trade-amount")).toHaveValue("0");
    await expect(page.getByTestId("trade-estimate")).toHaveText("—");
    await expect(page.getByTestId("trade-confirm")).toBeHidden();
    await shot(page, locale, "trading-01-zero", { viewport: true });
    await page.getByTestId("trade-amount").fill("10");
    await expect(page.getByTestId("trade-estimate")).toHaveText("18.00");

    // The platform's cap on buy-down orders is full: the ticket says so, in the user's language, and
    // nothing is bought; the amount stays for the next order.
    const capBtc = btcCaps(request);
    await capBtc({ up: null, down: "0.00" });
    try {
      await page.getByTestId("trade-buy-down").click();
      await page.getByTestId("trade-confirm-submit").click();
      await expect(page.getByTestId("cap-refusal")).toHaveText(text.trading.capRefused.down);
      await expect(page.getByTestId("trade-available")).toContainText("1,000.00");
      await expectTradingPolished(page);
      await settledShot(page, locale, "trading-01-cap-refused", { dialog: true, viewport: true });
      await page.getByRole("button", { name: text.trading.capRefused.ok }).click();
      await expect(page.getByTestId("cap-refusal")).toBeHidden();
    } finally {
      await capBtc({ up: null, down: null });
    }
    await expect(page.getByTestId("trade-amount")).toHaveValue("10");

    // From the keyboard alone, as a screen reader user trades: hear the price (the ticking price is in
    // no live region: it is read when asked), choose the term and the amount, buy up, confirm.
    const heard = await listenToAnnouncer(page);
    const readPrice = page.getByTestId("detail-read-price");
    await readPrice.focus();
    await expect(readPrice).toBeVisible();
    await page.keyboard.press("Enter");
    const name = await page.getByTestId("detail-name").innerText();
    await expect(page.getByTestId("announcer")).toHaveText(
      new RegExp(
        Object.values(text.trading.announce.price)
          .map((template) => spokenPattern(template, { name }))
          .join("|"),
      ),
    );
    expect(
      await page.getByTestId("detail-price").evaluate((el) => el.closest("[aria-live], [role=status]")),
    ).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, locale, "trading-01-read-price", { viewport: true });
    await tabTo(page, "trade-duration-30");
    await page.keyboard.press("Enter");
    await expect(short).toHaveAttribute("aria-pressed", "true");
    await tabTo(page, "trade-amount");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("10");
    await expect(page.getByTestId("trade-estimate")).toHaveText("18.00");
    await tabTo(page, "trade-buy-up");
    await page.keyboard.press("Enter");
    const confirm = page.getByTestId("trade-confirm");
    await expect(confirm).toBeVisible();
    // The sheet takes the focus; Escape closes it and gives the focus back to "Buy up".
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId("trade-buy-up")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeFocused();
    // The sheet as a modal dialog, named by its title, with nothing axe objects to.
    await expect(page.getByRole("dialog", { name: text.trading.confirmTitle })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await tabTo(page, "trade-confirm-submit");
    await expect(page.getByTestId("trade-confirm-direction")).toHaveText(`▲${text.trading.up}`);
    await expect(page.getByTestId("trade-confirm-estimate")).toHaveText("18.00");
    // What 100 staked on 30 s up returns on average at fair odds, as the server works it out, and that
    // this fresh platform has too few settled contracts yet to state what users got back.
    const value = (await (await request.get(`/api/v1/market/products/BTC%2FUSDT/expected-value`)).json()) as {
      durations: { seconds: number; fair: { up: { per100: string } } | null }[];
      minContracts: number;
    };
    const fair = value.durations.find((d) => d.seconds === 30)?.fair?.up.per100 ?? "";
    expect(Math.abs(Number(fair) - 90)).toBeLessThan(1);
    await expect(page.getByTestId("ticket-value-fair")).toHaveText(/^\d{2}\.\d{2}$/);
    expect(
      Math.abs(cents(await page.getByTestId("ticket-value-fair").innerText()) - cents(fair)),
    ).toBeLessThanOrEqual(2);
    await expect(page.getByTestId("ticket-value-realized")).toHaveText("—");
    await expect(page.getByTestId("ticket-value")).toContainText(String(value.minContracts));
    await expect(page.getByTestId("ticket-value")).toBeInViewport({ ratio: 1 });
    await expectTradingPolished(page);
    await shot(page, locale, "trading-02-confirm");
    await page.keyboard.press("Enter");
    await expect(page.locator(".adm-toast-main")).toHaveText(text.trading.buySuccess);
    await expect(page.getByTestId("trade-buy-up")).toBeFocused();

    const position = page.getByTestId("position");
    await expect(position).toHaveCount(1);
    await expect(page.getByTestId("position-countdown")).toHaveText(/\d{2}:\d{2}/, { timeout: 15_000 });
    await expect(page.getByTestId("trade-available")).toContainText("990.00");
    // The open contract on the chart: a line at its entry price and its expiry marked ahead.
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-marks", "1");
    await expect(page.getByTestId("chart-expiry")).toHaveCount(1);
    await expectTradingPolished(page);
    await shot(page, locale, "trading-03-position");

    // A longer contract on another product, which closes while the user is on another screen.
    const other = await postOk<{ id: string }>(
      request,
      user.auth,
      "/trading/contracts",
      {
        symbol: "SOL/USDT",
        direction: "down",
        stake: "10.00",
        durationSeconds: 60,
        quoteSeq: await latestQuote(request, "SOL/USDT"),
      },
      `other-${user.account}`,
    );

    // Settlement: the position gives way to its result, where the user is.
    const card = page.getByTestId("settlement");
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(position).toHaveCount(0);
    const result = (await card.getAttribute("data-result")) as "win" | "lose" | "draw" | "void";
    await expect(page.getByTestId("settlement-title")).toHaveText(text.trading.settled.title[result]);
    await expect(page.getByTestId("settlement-payout")).toHaveText(
      { win: "18.00", lose: "0.00", draw: "10.00", void: "10.00" }[result],
    );
    if (result !== "void") {
      // The price and the time of the tick, to the second.
      await expect(page.getByTestId("settlement-entry")).toHaveText(/^\d[\d,.]* · \d{2}:\d{2}:\d{2}$/);
      await expect(page.getByTestId("settlement-exit")).toHaveText(/^\d[\d,.]* · \d{2}:\d{2}:\d{2}$/);
    }
    // The screen reader heard the countdown at 10 s and the result with its amounts, last (the expiry
    // in between when its second turned before the result came).
    const spoken = { direction: text.trading.up, stake: "10.00" };
    const said = await heard();
    expect(said).toContain(fill(text.trading.announce.left_other, { ...spoken, count: "10" }));
    expect(said.at(-1)).toBe(
      fill(text.trading.announce.result[result], {
        ...spoken,
        payout: { win: "18.00", lose: "0.00", draw: "10.00", void: "10.00" }[result],
        profit: { win: "8.00", lose: "-10.00", draw: "0.00", void: "0.00" }[result],
      }),
    );
    expect(said.slice(1, -1).every((sentence) => !sentence.includes(name))).toBe(true);
    // On the product's own page the card tells it; no notice on top.
    await expect(page.getByTestId("settlement-notice")).toHaveCount(0);
    const me = await request.get("/api/v1/me", { headers: user.auth });
    const { summary } = (await me.json()) as { summary: { available: string; frozen: string } };
    expect({ win: 99800, lose: 98000, draw: 99000, void: 99000 }[result]).toBe(cents(summary.available));
    expect(cents(summary.frozen)).toBe(1000);
    await card.scrollIntoViewIfNeeded();
    await expectTradingPolished(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, locale, "trading-04-settled", { viewport: true });

    // Verify from the card: the contract's page runs the check at once.
    await page.getByTestId("settlement-verify").click();
    await expect(page).toHaveURL(/\/h5\/pages\/order\/detail\?id=\d+&verify=1$/);
    // Right after the close the exit's epoch may still be playing: its prices then wait for the seed,
    // and nothing else may fail.
    await expect(page.getByTestId("verify-outcome")).toHaveAttribute("data-verdict", /^(pass|pending)$/, {
      timeout: 20_000,
    });
    await expect(page.locator(".verify-check--bad")).toHaveCount(0);

    // The other contract closes while the user reads this one: a notice, which opens its order.
    const notice = page.getByTestId("settlement-notice");
    await expect(notice).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId("settlement-notice-amount")).toHaveText(/^([+-]\d[\d,.]*|0\.00)$/);
    await expect(notice).toContainText("SOL/USDT");
    await expectTradingPolished(page);
    await shot(page, locale, "trading-06-notice", { viewport: true });
    await page.getByTestId("settlement-notice-open").click();
    await expect(page).toHaveURL(new RegExp(`/h5/pages/order/detail\\?id=${other.id}$`));
    await expect(page.getByTestId("contract-result")).toBeVisible();
    await expect(notice).toHaveCount(0);

    // The chart's periods and indicators, kept on the device across a reload.
    await page.goto(DETAIL);
    const chart = page.getByTestId("detail-chart");
    for (const period of ["30m", "1w"]) {
      await page.getByTestId(`detail-view-${period}`).click();
      await expect(chart).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
    }
    await page.getByTestId("chart-indicator-ma").click();
    await page.getByTestId("chart-indicator-macd").click();
    await expect(chart).toHaveAttribute("data-panes", "1");
    await page.reload();
    await expect(chart).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
    await expect(page.getByTestId("detail-view-1w")).toHaveAttribute("aria-selected", "true");
    for (const on of ["ma", "macd"])
      await expect(page.getByTestId(`chart-indicator-${on}`)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("chart-indicator-rsi")).toHaveAttribute("aria-pressed", "false");
    await expect(chart).toHaveAttribute("data-panes", "1");
    await expectChartToolsFit(page);
    await expectTradingPolished(page);
    await shot(page, locale, "trading-06-chart", { viewport: true });
  });
}

for (const { locale, text } of SHOT_RUNS) {
  test(`a product under maintenance shows when it reopens and cannot be bought, in ${locale}`, async ({
    page,
    request,
  }) => {
    const symbol = "SOL/USDT";
    const operator = await operatorHeaders(request);
    const settings = `/api/v1/operator/market/products/${encodeURIComponent(symbol)}`;
    // Two hours from now, on a whole minute, as an operator would pick it.
    const reopensAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000).toISOString();
    const paused = await request.put(settings, {
      headers: operator,
      data: { status: "maintenance", reopensAt, reason: "journey: maintenance screen" },
    });
    expect(paused.ok(), await paused.text()).toBe(true);
    try {
      await setLanguage(page, locale);
      await page.goto(detailPage(symbol));
      const banner = page.getByTestId("trade-closed");
      await expect(banner).toBeVisible();
      // Within the week: its weekday and a 24-hour time, in the browser's own time zone, the same in
      // the banner and the head.
      const time = await page.evaluate(
        ([lng, iso, clock]) =>
          new Intl.DateTimeFormat(lng, { weekday: "short", ...clock }).format(new Date(iso)),
        [locale, reopensAt, CLOCK_OPTIONS] as const,
      );
      await expect(banner).toContainText(time);
      await expect(page.getByTestId("detail-reopens")).toContainText(time);
      await expect(banner).toContainText(text.trading.closedUntil.split("{{time}}")[0]?.trim() ?? "");
      await expect(page.getByTestId("trade-buy-up")).toBeDisabled();
      await expect(page.getByTestId("trade-buy-down")).toBeDisabled();
      // The last price, its session's figures and chart stay, and the head says when it opens.
      await expect(page.getByTestId("detail-status-tag")).toHaveText(text.market.status.maintenance);
      await expect(page.getByTestId("detail-reopens")).toBeVisible();
      await expectLastSession(page);
      await expectTradingPolished(page);
      await shot(page, locale, "trading-05-maintenance", { viewport: true });
    } finally {
      const reopened = await request.put(settings, {
        headers: operator,
        data: { status: "open", reason: "journey: maintenance over" },
      });
      expect(reopened.ok(), await reopened.text()).toBe(true);
    }
  });
}

for (const { locale, text } of SHOT_RUNS) {
  test(`gold at the weekend shows its last session and when it opens, in ${locale}`, async ({
    page,
    request,
  }) => {
    const gold = "XAU/USD";
    const answer = await request.get(`/api/v1/market/products/${encodeURIComponent(gold)}`);
    const { status } = (await answer.json()) as { status: string };
    test.skip(status !== "closed", "the FX week is trading: the maintenance journey covers a stopped market");
    await setLanguage(page, locale);
    await page.goto(detailPage(gold));
    await expect(page.getByTestId("detail-status-tag")).toHaveText(text.market.status.closed);
    await expect(page.getByTestId("detail-reopens")).toBeVisible();
    await expectLastSession(page);
    await expect(page.getByTestId("trade-buy-up")).toBeDisabled();
    await expectTradingPolished(page);
    await shot(page, locale, "trading-07-closed", { viewport: true });
  });
}

// The chart's labels fit in every language; all the indicators at once in the languages with the
// longest and the most unusual labels.
test("the price chart's labels fit in every language", async ({ page }) => {
  await page.goto(DETAIL);
  for (const locale of ["zh-CN", "zh-TW", "en", "th", "id", "vi", "ja", "ko", "fr", "de"]) {
    const full = locale === "th" || locale === "de";
    await chooseChartIn(page, locale, full);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
      timeout: 15_000,
    });
    await expectChartToolsFit(page);
    if (!full) continue;
    await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-panes", "2");
    await expect(page.getByTestId("chart-legend")).toHaveCount(3);
    await expectTradingPolished(page);
    await shot(page, locale, "trading-08-chart", { viewport: true });
  }
});
