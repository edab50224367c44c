import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import {
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_ADMIN_2,
  expectConsolePolished,
  freshTotpCode,
  openConsole,
  operatorApiHeaders,
  searchUsers,
} from "./admin-support";
import { apiSession, apiUser, BTC, latestQuote, postOk, requestBankDeposit } from "./support";

const modalOk = (page: Page) => page.locator(".ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary");

for (const { locale, text, run: index } of consoleRuns()) {
  test(`an operator looks a user up, revokes a session and changes a rate (${locale})`, async ({
    page,
    request,
  }) => {
    // A user signed in on two devices: one session is revoked, the other stays live.
    const { auth: payer, ...user } = await apiUser(request);
    await apiSession(request, user);
    // Two-step sign-in on, as a user who then loses their phone and recovery codes.
    const { secret } = await postOk<{ secret: string }>(request, payer, "/me/totp", {});
    await postOk(request, payer, "/me/totp/confirm", { code: await freshTotpCode(secret) });

    // A deposit the user asked for, waiting in the queue.
    const deposit = await requestBankDeposit(
      request,
      payer,
      { amount: "321.09", reference: "=1+1 journey" },
      `queue-${user.account}`,
    );

    await openConsole(page, locale, DEMO_ADMIN);

    // The deposits queue searched by the middle of the user's phone: one row, counted and summed.
    await page.getByTestId("nav-deposits").click();
    await page.getByTestId("list-search").fill(user.phone.slice(3, 9));
    await page.getByTestId("list-apply").click();
    const deposits = page.getByTestId("deposits-table");
    await expect(deposits.locator("tbody tr.ant-table-row")).toHaveCount(1);
    await expect(deposits).toContainText(deposit.orderNo);
    await expect(page.getByTestId("list-total")).toContainText("321.09");
    await expect(page.getByTestId("list-zone")).toContainText("Asia/Shanghai");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "deposits-search");

    // The export holds exactly that row, its header in the console's language, the formula defused.
    const download = page.waitForEvent("download");
    await page.getByTestId("list-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tickfair-deposits-\d{8}-\d{4}\.csv$/);
    const lines = fs
      .readFileSync(await file.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(locale === "en" ? '"Order no."' : '"订单号"');
    expect(lines[1]).toContain(`"${deposit.orderNo}"`);
    expect(lines[1]).toContain(`"${user.account}"`);
    expect(lines[1]).toContain('"321.09"');
    expect(lines[1]).toContain(`"'=1+1 journey"`);

    // The user's account in the queue opens the user's page.
    await deposits.getByTestId("user-link").filter({ hasText: user.account }).click();
    await expect(page.getByTestId("user-account")).toHaveText(user.account);

    // The search: one box, the query in the URL, what matched shown.
    const hit = await searchUsers(page, user.account);
    await expect(page.getByTestId("users-table")).toContainText(text.users.match.account);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "users-search");

    // The user's page: figures, sign-in, bound account, and the statement tab first.
    await hit.click();
    await expect(page.getByTestId("user-account")).toHaveText(user.account);
    await expect(page.getByTestId("user-money")).toBeVisible();
    await expect(page.getByTestId("user-lock")).toBeVisible();
    await expect(page.getByTestId("user-statement")).toBeVisible();
    await expect(page.getByTestId("user-totp")).toHaveText(text.users.totpOn);
    await expect(page.getByTestId("user-passkeys")).toHaveText("0");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "users-page");

    // The user proved who they are: support turns their two-step sign-in off, with a reason.
    await page.getByTestId("user-totp-reset").click();
    await page.getByTestId("reject-reason").fill("Journey: phone and recovery codes lost, identity checked");
    await modalOk(page).click();
    await expect(page.getByTestId("user-totp")).toHaveText(text.users.totpOff);
    await expect(page.getByTestId("user-totp-reset")).toHaveCount(0);

    // Sessions: revoke one with a reason.
    await page.getByRole("tab", { name: text.users.tabs.sessions }).click();
    const sessions = page.getByTestId("user-sessions");
    await expect(sessions.getByTestId("session-revoke")).toHaveCount(2);
    await sessions.getByTestId("session-revoke").first().click();
    await page.getByTestId("reject-reason").fill("Journey: device reported lost");
    await consoleShot(page, locale, "users-revoke");
    await modalOk(page).click();
    await expect(page.locator(".ant-message")).toContainText(text.users.revoked);
    await expect(sessions.getByTestId("session-revoke")).toHaveCount(1);
    await expect(sessions).toContainText(text.users.sessionEnded);
    await expect(sessions).toContainText("127.0.0.1");
    await expectConsolePolished(page);
    await consoleShot(page, locale, "users-sessions");

    // A contract the user holds at the old rate, from a session opened after the revoke.
    const trader = await apiSession(request, user);
    await postOk(request, trader, "/cashier/demo-topup", { amount: "1000.00" }, `topup-${user.account}`);
    const placeContract = async (name: string) =>
      postOk<{ orderNo: string }>(
        request,
        trader,
        "/trading/contracts",
        {
          symbol: BTC,
          direction: "up",
          stake: "10.00",
          durationSeconds: 60,
          quoteSeq: await latestQuote(request, BTC),
        },
        `${user.account}-${name}`,
      );
    const before = await placeContract("before");
    const userPage = page.url();

    // Markets: change BTC/USDT's 60 s rate and see it in the table.
    await page.getByTestId("nav-markets").click();
    const table = page.getByTestId("products-table");
    await expect(table.getByTestId("rate-BTC/USDT-60")).toBeVisible();
    const oldRate = /(\d+\.\d{2})%/.exec(await table.getByTestId("rate-BTC/USDT-60").innerText())?.[1];
    expect(oldRate).toBeDefined();
    // The price commitment the app publishes, as the operator must watch it.
    const chain = (await (await page.request.get("/api/v1/fairness")).json()) as { anchor: string };
    await expect(page.getByTestId("fairness-chain-anchor")).toContainText(chain.anchor);
    await expect(page.getByTestId("fairness-chain-missing")).toHaveCount(0);
    const tableVersion = table.getByTestId("payout-table-BTC/USDT");
    const versionBefore = await tableVersion.innerText();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "users-markets");
    await page.getByTestId("edit-BTC/USDT").click();
    const rate = page.getByTestId("rate-input-60");
    const percent = 86 + index;
    await rate.fill(String(percent));
    await page.getByTestId("product-reason").fill("Journey: raise the 60 s rate");
    await expect(page.locator(".ant-drawer")).toContainText(text.markets.newContractsOnly);
    await consoleShot(page, locale, "users-market-edit");
    await page.getByTestId("product-save").click();
    await expect(page.locator(".ant-message")).toContainText(
      text.markets.saved.replace("{{symbol}}", "BTC/USDT"),
    );
    await expect(table.getByTestId("rate-BTC/USDT-60")).toContainText(`${percent}.00%`);
    // A new payout table: its version moves on, and contracts placed from now on record it.
    await expect(tableVersion).not.toHaveText(versionBefore);

    // The next contract takes the new rate; the one already open keeps the rate it was accepted at.
    const after = await placeContract("after");
    await page.goto(userPage);
    await page.getByRole("tab", { name: text.users.tabs.contracts }).click();
    const contracts = page.getByTestId("user-contracts");
    await expect(contracts.locator("tr", { hasText: before.orderNo })).toContainText(`${oldRate}%`);
    await expect(contracts.locator("tr", { hasText: after.orderNo })).toContainText(`${percent}.00%`);
    await contracts.scrollIntoViewIfNeeded();
    await consoleShot(page, locale, "users-contracts-rates");
    await page.getByTestId("nav-markets").click();

    // The tick chain over the last hour.
    await page.getByTestId("verify-BTC/USDT").click();
    // Clicked again until it answers (checking is read-only): on a loaded machine the first click can
    // land while the dialog still zooms in, and nothing is asked.
    await expect(async () => {
      await modalOk(page).click();
      await expect(page.getByTestId("verify-result")).toBeVisible({ timeout: 3_000 });
    }).toPass();
    await expect(page.getByTestId("verify-result")).toContainText(text.markets.chainValid);
    await expect(page.getByTestId("verify-result")).not.toContainText(text.markets.noTicks);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "users-market-verify");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("verify-result")).toBeHidden();

    // Exposure caps: tightened below what is open, at once, and the next order past it refused;
    // lifting the cap again is only proposed, and another admin approves it.
    await page.getByTestId("caps-BTC/USDT").click();
    const drawer = page.getByTestId("caps-drawer");
    await expect(drawer.getByTestId("caps-usage-up")).toContainText(text.caps.none);
    await drawer.getByTestId("caps-up").fill("1.00");
    await drawer.getByTestId("caps-reason").fill("Journey: the up book is one-sided");
    await drawer.getByTestId("caps-save").click();
    await expect(page.locator(".ant-message")).toContainText(
      text.caps.saved.replace("{{symbol}}", "BTC/USDT"),
    );
    await expect(drawer.getByTestId("caps-usage-up").locator(".ant-progress-status-exception")).toBeVisible();
    const refused = await request.post("/api/v1/trading/contracts", {
      headers: { ...trader, "idempotency-key": `${user.account}-capped` },
      data: {
        symbol: BTC,
        direction: "up",
        stake: "10.00",
        durationSeconds: 60,
        quoteSeq: await latestQuote(request, BTC),
      },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toMatchObject({
      code: "EXPOSURE_LIMIT_REACHED",
      details: { cap: "product_direction", symbol: BTC, direction: "up" },
    });
    await drawer.getByTestId("caps-up").fill("");
    await drawer.getByTestId("caps-reason").fill("Journey: lift the cap again");
    await expect(drawer.getByTestId("caps-save")).toContainText(text.caps.propose);
    await drawer.getByTestId("caps-save").click();
    await expect(page.locator(".ant-message")).toContainText(text.caps.proposed);
    await expect(drawer.getByTestId("control-change")).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "markets-caps");
    const second = await operatorApiHeaders(request, DEMO_ADMIN_2);
    const caps = (await (await request.get("/api/v1/operator/risk/caps", { headers: second })).json()) as {
      items: { symbol: string; pending: { id: string } | null }[];
    };
    const pending = caps.items.find((item) => item.symbol === BTC)?.pending;
    expect(pending).toBeTruthy();
    const approved = await request.post(`/api/v1/operator/risk/caps/changes/${pending?.id}/approve`, {
      headers: second,
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  });
}
