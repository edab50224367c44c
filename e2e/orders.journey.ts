import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page, type WebSocket as PageSocket, test } from "@playwright/test";
import {
  ALL_LOCALES,
  BTC,
  DETAIL,
  expectTradingPolished,
  HOME,
  latestQuote,
  logInViaForm,
  newUser,
  openInLanguage,
  postOk,
  SHOT_RUNS,
  signedInUser,
} from "./support";
import { shot } from "./support-screens";

const ORDERS = "/h5/pages/order/order";
const VERIFY_COMMAND = path.resolve(import.meta.dirname, "../packages/verify/src/cli.ts");

/** "00:27" → 27 */
const seconds = (clock: string) => {
  const [m = "0", s = "0"] = clock.trim().split(":");
  return Number(m) * 60 + Number(s);
};

/** What a 10.00 stake at 80 % comes to, by result: the P&L shown and the payout received. */
const OUTCOME = {
  win: { pnl: "+8.00", payout: 1800 },
  lose: { pnl: "-10.00", payout: 0 },
  draw: { pnl: "0.00", payout: 1000 },
} as const;

async function buy(page: Page, direction: "up" | "down", successText: string): Promise<void> {
  await page.getByTestId(`trade-buy-${direction}`).click();
  await expect(page.getByTestId("trade-confirm")).toBeVisible();
  await page.getByTestId("trade-confirm-submit").click();
  await expect(page.locator(".adm-toast-main")).toHaveText(successText);
  await expect(page.getByTestId("trade-confirm")).toBeHidden();
}

for (const { locale, text } of SHOT_RUNS) {
  test(`buy up and down, watch both positions settle and verify a contract in ${locale}`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    // The app keeps one WebSocket per page load, whatever it shows: the user's events, tickers and a
    // product's ticks.
    const sockets: PageSocket[] = [];
    page.on("websocket", (socket) => sockets.push(socket));
    await signedInUser(page, request, locale, "1000.00");

    // A fresh user: no closed positions yet.
    await page.goto(`${ORDERS}?tab=closed`);
    await expect(page.getByTestId("records-empty")).toContainText(text.orders.noOrderRecords);
    await expectTradingPolished(page);
    await shot(page, locale, "orders-01-records-empty");
    await page.getByTestId("orders-tab-positions").click();
    await expect(page.getByTestId("positions-empty")).toContainText(text.orders.noPositions);

    // Buy up and buy down back to back, 10.00 for the shortest duration (30 s at 80 %).
    // The orders page makes its socket at that tap, in a task of its own: the list is cleared once it
    // is there, or it would be counted as the detail page's second.
    await expect.poll(() => sockets.filter((socket) => !socket.isClosed()).length).toBe(1);
    sockets.length = 0;
    await page.goto(DETAIL);
    await expect(page.getByTestId("detail-name")).toBeVisible();
    await page.getByTestId("trade-duration-30").click();
    await page.getByTestId("trade-amount").fill("10");
    await expect(page.getByTestId("trade-estimate")).toHaveText("18.00");
    await buy(page, "up", text.trading.buySuccess);
    await buy(page, "down", text.trading.buySuccess);
    expect(sockets.map((socket) => new URL(socket.url()).pathname)).toEqual(["/api/ws"]);

    // Home's "my orders" leads to the orders page.
    sockets.length = 0;
    await page.goto(HOME);
    await page.getByTestId("home-orders").click();
    await expect(page).toHaveURL(/\/h5\/pages\/order\/order$/);
    // From here on nothing reloads the page: everything that changes arrives over the socket.
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });

    const positions = page.getByTestId("position");
    await expect(positions).toHaveCount(2);
    expect(sockets).toHaveLength(1);
    await expect(page.getByTestId("orders-open-count")).toHaveText("2");
    // Each direction with its mark, not in colour alone.
    await expect(positions.getByTestId("contract-direction")).toHaveText([
      `▼${text.trading.buyDown}`,
      `▲${text.trading.buyUp}`,
    ]);
    await expect(positions.getByTestId("position-amount")).toHaveText(["10.00", "10.00"]);
    // Each has its entry price, the live price and an estimate, and a countdown that runs.
    const countdowns = page.getByTestId("position-countdown");
    await expect(countdowns).toHaveCount(2, { timeout: 15_000 });
    await expect(positions.getByTestId("position-entry").first()).toHaveText(/^\d[\d,.]*$/);
    // Above the entry price ▲, below ▼, level neither.
    await expect(positions.getByTestId("position-price").first()).toHaveText(/^[▲▼]?\d[\d,.]*$/);
    await expect(positions.getByTestId("position-pnl").first()).toHaveText(/^(\+8\.00|-10\.00|0\.00)$/);
    const before = (await countdowns.allInnerTexts()).map(seconds);
    expect(Math.max(...before)).toBeLessThanOrEqual(30);
    await page.waitForTimeout(2_100);
    const after = (await countdowns.allInnerTexts()).map(seconds);
    for (const [n, left] of after.entries()) expect(left).toBeLessThan(before[n] ?? 0);
    await expectTradingPolished(page);
    await shot(page, locale, "orders-02-positions");

    // Settlement, live: each card shows its result for a moment, then the positions are empty.
    const justSettled = page.getByTestId("position-settled").first();
    await expect(justSettled).toBeVisible({ timeout: 60_000 });
    await expect(justSettled.getByTestId("contract-result")).toHaveAttribute(
      "data-result",
      /^(win|lose|draw)$/,
    );
    await expectTradingPolished(page);
    await shot(page, locale, "orders-02-positions-settled");
    await expect(page.getByTestId("positions-empty")).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId("orders-open-count")).toHaveCount(0);

    // Both are in the closed records with their result and P&L; the tabs answer the arrow keys, as
    // tabs do for a keyboard's or a screen reader's user.
    await page.getByTestId("orders-tab-positions").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("orders-tab-closed")).toBeFocused();
    await expect(page.getByTestId("orders-tab-closed")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("orders-tab-positions")).toHaveAttribute("tabindex", "-1");
    const records = page.getByTestId("record");
    await expect(records).toHaveCount(2);
    const results = (await records.evaluateAll((items) =>
      items.map((item) => item.getAttribute("data-result")),
    )) as (keyof typeof OUTCOME)[];
    for (const [n, result] of results.entries()) {
      expect(Object.keys(OUTCOME)).toContain(result);
      const record = records.nth(n);
      await expect(record.getByTestId("contract-result")).toHaveText(text.orders.result[result]);
      await expect(record.getByTestId("record-pnl")).toHaveText(OUTCOME[result].pnl);
      await expect(record.getByTestId("record-entry")).toHaveText(/^\d[\d,.]*$/);
      await expect(record.getByTestId("record-exit")).toHaveText(/^\d[\d,.]*$/);
      await expect(record.getByTestId("record-order-no")).toHaveText(/^C\d{10}$/);
    }
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(
      true,
    );
    await expectTradingPolished(page);
    await shot(page, locale, "orders-03-records");

    // A contract's detail: terms, entry and exit ticks, and Verify passes.
    const orderNo = await records.first().getByTestId("record-order-no").innerText();
    await records.first().click();
    await expect(page).toHaveURL(/\/h5\/pages\/order\/detail\?id=\d+$/);
    await expect(page.getByTestId("contract-order-no")).toContainText(orderNo);
    await expect(page.getByTestId("contract-entry-hash")).toHaveText(/^[0-9a-f]{8}…[0-9a-f]{8}$/);
    await expect(page.getByTestId("contract-exit-hash")).toHaveText(/^[0-9a-f]{8}…[0-9a-f]{8}$/);
    await expect(page.getByTestId("tick-row").first()).toBeVisible();
    // Until the exit's epoch has ended its seed is not out: the user verifies again, as the app says.
    const outcome = page.getByTestId("verify-outcome");
    await expect(async () => {
      await page.getByTestId("verify-run").click();
      await expect(outcome).toHaveAttribute("data-verdict", /^(pass|pending)$/, { timeout: 10_000 });
      await expect(page.locator(".verify-check--bad")).toHaveCount(0);
      await expect(outcome).toHaveAttribute("data-ok", "true", { timeout: 1_000 });
    }).toPass({ timeout: 40_000, intervals: [2_000] });
    await expect(page.getByTestId("verify-verdict")).toHaveText(text.orders.verify.pass);
    const checks = ["hashes", "links", "entry", "exit", "timing", "result", "payout", "seeds", "prices"];
    for (const check of [...checks, "shown", "server"]) {
      await expect(page.getByTestId(`verify-check-${check}`)).toHaveAttribute("data-ok", "true");
    }
    await expectTradingPolished(page);
    // The nav bar sticks to the top: scrolled back there, the full-page picture shows it once, on top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, locale, "orders-04-detail-verified");

    // The receipt downloads as a file that the command verifies, and that the phone verifies offline.
    const downloading = page.waitForEvent("download");
    await page.getByTestId("verify-download").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`tickfair-receipt-${orderNo}.json`);
    const saved = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(saved);
    const receipt = JSON.parse(fs.readFileSync(saved, "utf8"));
    expect(receipt).toMatchObject({
      version: 2,
      contract: { orderNo, payoutTableVersion: expect.any(Number) },
      fairness: [{ product: { symbol: BTC } }],
    });
    const command = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      VERIFY_COMMAND,
      "receipt",
      saved,
    ]);
    expect(JSON.parse(command.stdout)).toMatchObject({ ok: true });

    await context.setOffline(true);
    const choosing = page.waitForEvent("filechooser");
    await page.getByTestId("verify-open-saved").click();
    await (await choosing).setFiles(saved);
    await expect(outcome).toHaveAttribute("data-source", "saved");
    await expect(outcome).toHaveAttribute("data-ok", "true");
    await expect(page.getByTestId("verify-saved")).toContainText(orderNo);
    await expect(page.getByTestId("verify-saved")).toContainText(download.suggestedFilename());
    for (const check of checks) {
      await expect(page.getByTestId(`verify-check-${check}`)).toHaveAttribute("data-ok", "true");
    }
    await expect(page.getByTestId("verify-check-server")).toHaveCount(0);
    await expectTradingPolished(page);
    await page.getByTestId("verify").scrollIntoViewIfNeeded();
    await shot(page, locale, "orders-05-receipt-verified-offline", { viewport: true });

    // The same receipt as fetched before its last epoch ended: the prices wait for the seed, nothing fails.
    const early = structuredClone(receipt);
    early.fairness.at(-1).epochs.at(-1).seed = null;
    const earlyFile = testInfo.outputPath("receipt-before-the-seed.json");
    fs.writeFileSync(earlyFile, JSON.stringify(early));
    const pick = async (file: string) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByTestId("verify-open-saved").click();
      await (await chooser).setFiles(file);
    };
    await pick(earlyFile);
    await expect(outcome).toHaveAttribute("data-verdict", "pending");
    await expect(page.getByTestId("verify-verdict")).toHaveText(text.orders.verify.pending);
    await expect(page.locator(".verify-check--bad")).toHaveCount(0);
    for (const check of ["seeds", "prices"])
      await expect(page.getByTestId(`verify-check-${check}`)).toHaveClass(/verify-check--note/);
    await expectTradingPolished(page);
    await shot(page, locale, "orders-06-receipt-seed-pending", { viewport: true });

    // One price changed on the way: its hash no longer matches, and the phone names the tick.
    const forged = structuredClone(receipt);
    const tick = forged.ticks[5];
    tick.price = tick.price.endsWith("1") ? `${tick.price.slice(0, -1)}2` : `${tick.price.slice(0, -1)}1`;
    fs.writeFileSync(testInfo.outputPath("receipt-forged.json"), JSON.stringify(forged));
    await pick(testInfo.outputPath("receipt-forged.json"));
    await expect(outcome).toHaveAttribute("data-verdict", "fail");
    await expect(page.getByTestId("verify-check-hashes")).toHaveAttribute("data-ok", "false");
    await expect(page.getByTestId("verify-check-hashes")).toContainText(`#${tick.seq}`);
    await expectTradingPolished(page);
    await shot(page, locale, "orders-07-receipt-forged", { viewport: true });
    await context.setOffline(false);
    // From Verify, the commitment behind the prices is one tap away.
    await page.getByTestId("verify-fairness").click();
    await expect(page.getByTestId("fairness-anchor")).toHaveText(/^[0-9a-f]{64}$/);

    // The balance reflects both payouts: 1,000.00 − 2 × 10.00 + what came back.
    const back = results.reduce((sum, result) => sum + OUTCOME[result].payout, 0);
    const expected = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(
      (100_000 - 2_000 + back) / 100,
    );
    await page.goto("/h5/pages/user/user");
    await expect(page.getByTestId("user-available")).toHaveText(expected);

    // Practice: 10,000.00 virtual units; an order there is marked as practice and moves no real money.
    const units = (amount: number) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amount);
    await page.getByTestId("wallet-practice").click();
    await expect(page.getByTestId("wallet-bar")).toHaveAttribute("data-wallet", "practice");
    await expect(page.getByTestId("practice-available")).toHaveText(units(10_000));
    await expectTradingPolished(page);
    await shot(page, locale, "practice-01-account");
    await page.goto(DETAIL);
    // The choice is remembered from one screen to the next.
    await expect(page.getByTestId("wallet-bar")).toHaveAttribute("data-wallet", "practice");
    await expect(page.getByTestId("trade-available")).toHaveText(units(10_000));
    await page.getByTestId("trade-duration-30").click();
    await page.getByTestId("trade-amount").fill("10");
    await buy(page, "up", text.trading.buySuccess);
    await expect(page.getByTestId("practice-available")).toHaveText(units(9_990));
    await expect(page.locator(".adm-toast-main")).toBeHidden();
    await expectTradingPolished(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, locale, "practice-02-detail");
    await page.goto(ORDERS);
    const practiced = page.getByTestId("position");
    await expect(practiced).toHaveCount(1);
    await expect(practiced.getByTestId("practice-mark")).toHaveText(text.practice.practice);
    await expectTradingPolished(page);
    await shot(page, locale, "practice-03-positions");
    // Back to Real: the real positions (none open), and the real balance as it was.
    await page.getByTestId("wallet-real").click();
    await expect(page.getByTestId("positions-empty")).toBeVisible();
    await expect(page.getByTestId("practice-mark")).toHaveCount(0);
    await page.goto("/h5/pages/user/user");
    await expect(page.getByTestId("user-available")).toHaveText(expected);
  });
}

test("the trading screens fit the phone in all ten languages", async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await newUser(page, request, null);
  const post = (path: string, data: unknown, key: string) =>
    postOk<{ id: string }>(request, user.auth, path, data, key);
  await post("/cashier/demo-topup", { amount: "98765.43" }, `fit-${user.account}-1`);
  // One contract closed (30 s), one running through the whole tour (300 s).
  const closed = await post(
    "/trading/contracts",
    {
      symbol: BTC,
      direction: "up",
      stake: "1234.56",
      durationSeconds: 30,
      quoteSeq: await latestQuote(request, BTC),
    },
    `fit-${user.account}-2`,
  );
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/v1/trading/contracts/${closed.id}`, { headers: user.auth })
          ).json()) as {
            status: string;
          }
        ).status,
      { timeout: 60_000, intervals: [1_000] },
    )
    .toMatch(/^(settled|void)$/);
  await post(
    "/trading/contracts",
    {
      symbol: BTC,
      direction: "down",
      stake: "2345.67",
      durationSeconds: 300,
      quoteSeq: await latestQuote(request, BTC),
    },
    `fit-${user.account}-3`,
  );

  await logInViaForm(page, user.account, user.password);
  for (const locale of ALL_LOCALES) {
    await openInLanguage(page, locale, DETAIL, "positions");
    await expectTradingPolished(page);
    // "Buy up" and "Buy down" stand as a pair: equal boxes however each label wraps ("Steigend kaufen").
    const up = await page.getByTestId("trade-buy-up").boundingBox();
    const down = await page.getByTestId("trade-buy-down").boundingBox();
    expect(up?.height, `${locale}: buy buttons' heights`).toBe(down?.height);
    expect(up?.width, `${locale}: buy buttons' widths`).toBe(down?.width);
    await shot(page, `all/${locale}`, "trading-detail");

    // The confirmation sheet with its expected value, and the product's trading rules.
    await page.getByTestId("trade-amount").fill("10");
    await page.getByTestId("trade-buy-up").click();
    await expect(page.getByTestId("ticket-value-fair")).toHaveText(/\d/);
    // The whole sheet is on the phone's screen, its buttons included, once it has slid in.
    await expect(page.getByTestId("trade-confirm-submit")).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId("trade-confirm")).toBeInViewport({ ratio: 1 });
    await expectTradingPolished(page);
    await shot(page, `all/${locale}`, "trading-confirm");
    await page.getByTestId("trade-cancel").click();
    await page.goto(`/h5/pages/Detail/rules?symbol=${encodeURIComponent(BTC)}`);
    await expect(page.getByTestId("rules-duration-300")).toBeVisible();
    await page.getByTestId("rules-history").locator("summary").click();
    await expectTradingPolished(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `all/${locale}`, "trading-rules");

    await page.goto(ORDERS);
    await expect(page.getByTestId("position-countdown")).toBeVisible();
    await expectTradingPolished(page);
    await shot(page, `all/${locale}`, "orders-positions");

    await page.goto(`${ORDERS}?tab=closed`);
    await expect(page.getByTestId("record")).toHaveCount(1);
    await expectTradingPolished(page);
    await shot(page, `all/${locale}`, "orders-records");

    await page.goto(`/h5/pages/order/detail?id=${closed.id}`);
    await page.getByTestId("verify-run").click();
    await expect(page.getByTestId("verify-verdict")).toBeVisible();
    await expectTradingPolished(page);
    await shot(page, `all/${locale}`, "orders-detail");
  }
});
