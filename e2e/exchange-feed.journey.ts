import { expect, test } from "@playwright/test";
import { BinanceTestServer } from "../apps/server/src/market/exchanges/binance.testing";
import { OkxTestServer } from "../apps/server/src/market/exchanges/okx.testing";
import {
  CONSOLE_TEXT,
  type ConsoleLocale,
  consoleShot,
  DEMO_ADMIN,
  DEMO_ADMIN_2,
  DESKTOP,
  expectConsolePolished,
  operatorApiHeaders,
  setConsoleLanguage,
  signInToConsole,
} from "./admin-support";
import { detailPage, SHOT_RUNS, type ShotLocale, setLanguage } from "./support";
import { expectPolished, shot } from "./support-screens";

/** Where playwright.config.ts tells the server the exchanges are: local servers speaking their protocols. */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const ETH = "ETH/USDT";
const LIST: Record<ShotLocale, string> = { "zh-CN": "Binance和OKX", en: "Binance and OKX" };

test("a product priced by Binance and OKX: labelled on the phone, cited, configured in the console", async ({
  page,
  request,
  browser,
}) => {
  const binance = new BinanceTestServer(PORT + 1000);
  const okx = new OkxTestServer(PORT + 2000);
  const headers = await operatorApiHeaders(request, DEMO_ADMIN);
  const feed = (sources: object[], reason: string) =>
    request.put(`/api/v1/operator/market/products/${encodeURIComponent(ETH)}/feed`, {
      headers,
      data: { sources, minLiveSources: 2, reason },
    });
  let id = 0;
  let okxPrice = "3300.61";
  const trading = setInterval(() => {
    id += 1;
    const time = new Date();
    binance.trade("ETHUSDT", { id, price: "3300.50000000", time });
    okx.trade("ETH-USDT", { id: String(id), price: okxPrice, time });
  }, 200);
  const reopen = () =>
    request.put(`/api/v1/operator/market/products/${encodeURIComponent(ETH)}`, {
      headers,
      data: { status: "open", reason: "OKX checked: its feed is right again" },
    });
  try {
    const set = await feed(
      [
        { exchange: "binance", instrument: "ETHUSDT" },
        { exchange: "okx", instrument: "ETH-USDT" },
      ],
      "Real prices for ether",
    );
    expect(set.ok(), await set.text()).toBe(true);

    // Within seconds the feed connects to both, and each tick is their median, citing one trade of each.
    await expect
      .poll(
        async () => {
          const ticks = await request.get(`/api/v1/market/products/ETH-USDT/ticks?limit=1`);
          const [last] = ((await ticks.json()) as { items: { price: string; sources?: unknown[] }[] }).items;
          return last?.sources?.length === 2 ? last.price : null;
        },
        { timeout: 20_000 },
      )
      .toBe("3300.56");

    await setLanguage(page, "zh-CN");
    for (const { locale, text } of SHOT_RUNS) {
      await page.goto(detailPage(ETH));
      await page.evaluate((value) => localStorage.setItem("language", value), locale);
      await page.reload();
      await expect(page.getByTestId("detail-price")).toHaveText(/3[,.]?300[.,]56/);
      await expect(page.getByTestId("detail-sources")).toHaveText(
        text.market.median.replace("{{sources}}", LIST[locale]),
      );
      await expect(page.getByTestId("detail-simulated")).toHaveCount(0);
      await expectPolished(page);
      await shot(page, locale, "exchange-01-detail", { viewport: true });
    }

    // The console: the sources in the markets table, and the drawer that sets them, in both languages.
    const context = await browser.newContext({ ...DESKTOP, baseURL: test.info().project.use.baseURL });
    const desk = await context.newPage();
    await setConsoleLanguage(desk, "zh-CN");
    await signInToConsole(desk, DEMO_ADMIN_2);
    for (const locale of ["zh-CN", "en"] as ConsoleLocale[]) {
      await desk.evaluate((value) => localStorage.setItem("tickfair-admin-language", value), locale);
      await desk.goto("/admin/markets");
      const sources = desk.getByTestId(`sources-${ETH}`);
      await expect(sources).toContainText("binance:ETHUSDT");
      await expect(sources).toContainText("okx:ETH-USDT");
      await sources.scrollIntoViewIfNeeded();
      await expectConsolePolished(desk);
      await consoleShot(desk, locale, "markets-sources-table");
      await desk.getByTestId(`sources-edit-${ETH}`).click();
      await expect(desk.getByTestId("source-instrument-1")).toHaveValue("ETH-USDT");
      await expect(desk.locator(".ant-drawer-title")).toHaveText(
        CONSOLE_TEXT[locale].markets.sourcesTitle.replace("{{symbol}}", ETH),
      );
      await expectConsolePolished(desk);
      await consoleShot(desk, locale, "markets-sources");
      await desk.keyboard.press("Escape");
    }

    // OKX reports 1.2 % off Binance, past the 1 % allowed: the feed refuses the tick and halts ether.
    okxPrice = "3340.00";
    await expect
      .poll(async () => (await (await request.get("/api/v1/market/products/ETH-USDT")).json()).pausedFor, {
        timeout: 20_000,
      })
      .toBe("unusual_price");
    for (const locale of ["zh-CN", "en"] as ConsoleLocale[]) {
      await desk.evaluate((value) => localStorage.setItem("tickfair-admin-language", value), locale);
      await desk.goto("/admin/markets");
      const halt = desk.getByTestId(`halt-anomaly-${ETH}`);
      await expect(halt).toContainText("binance:ETHUSDT 3,300.50000000");
      await expect(halt).toContainText("okx:ETH-USDT 3,340.00");
      await halt.scrollIntoViewIfNeeded();
      await expectConsolePolished(desk);
      await consoleShot(desk, locale, "markets-halted");
    }
    await context.close();
    for (const { locale, text } of SHOT_RUNS) {
      await page.evaluate((value) => localStorage.setItem("language", value), locale);
      await page.goto(detailPage(ETH));
      await expect(page.getByTestId("trade-closed")).toHaveText(text.trading.pausedFor.unusual_price);
      await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", {
        timeout: 15_000,
      });
      await expectPolished(page);
      await shot(page, locale, "exchange-02-halted", { viewport: true });
    }
    okxPrice = "3300.61";
    const reopened = await reopen();
    expect(reopened.ok(), await reopened.text()).toBe(true);
  } finally {
    clearInterval(trading);
    // Back to the simulator for the journeys after this one, then open: whatever happened above, no
    // halt outlives this journey (a lying source left running would halt ether again at its next tick).
    const back = await feed([], "Back to simulated prices");
    expect(back.ok(), await back.text()).toBe(true);
    const open = await reopen();
    expect(open.ok(), await open.text()).toBe(true);
    await Promise.all([binance.close(), okx.close()]);
  }
});
