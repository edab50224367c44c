import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { DEMO_ADMIN_2, operatorApiHeaders } from "./admin-support";
import { operatorHeaders } from "./support";

export const cents = (s: string) => Math.round(Number(s) * 100);

/**
 * Sets BTC/USDT's exposure caps as an admin; lifting one is proposed and a second admin approves it.
 * Each admin signs in once, when first needed: every sign-in takes a fresh authenticator step.
 */
export function btcCaps(request: APIRequestContext) {
  let admin: Promise<Record<string, string>> | undefined;
  let second: Promise<Record<string, string>> | undefined;
  return async (caps: { up: string | null; down: string | null }) => {
    const url = `/api/v1/operator/risk/caps/${encodeURIComponent("BTC/USDT")}`;
    admin ??= operatorHeaders(request);
    const set = await request.put(url, {
      headers: await admin,
      data: { ...caps, perUser: null, reason: "journey: the order ticket's refusal" },
    });
    expect(set.ok(), await set.text()).toBe(true);
    if (set.status() !== 202) return;
    const { id } = (await set.json()) as { id: string };
    second ??= operatorApiHeaders(request, DEMO_ADMIN_2);
    const approved = await request.post(`/api/v1/operator/risk/caps/changes/${id}/approve`, {
      headers: await second,
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  };
}

/** The chart's period, style and indicator buttons show their whole labels inside the card. */
export async function expectChartToolsFit(page: Page): Promise<void> {
  const cut = await page.evaluate(() => {
    const card = document.querySelector(".detail-chart-card")?.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>(".detail-views .chip, .detail-chart-tools .chip")]
      .filter((chip) => {
        const box = chip.getBoundingClientRect();
        return (
          chip.scrollWidth > chip.clientWidth + 1 || !card || box.left < card.left || box.right > card.right
        );
      })
      .map((chip) => chip.innerText);
  });
  expect(cut).toEqual([]);
  // The eight periods in one row: the short labels of every language fit it at 375 px.
  const rows = await page
    .locator(".detail-views .chip")
    .evaluateAll((chips) => new Set(chips.map((chip) => (chip as HTMLElement).offsetTop)).size);
  expect(rows).toBe(1);
  expect(await page.locator(".detail-views .chip").count()).toBe(8);
}

/** Presses Tab until the element `testId` has the focus, as a keyboard user gets there. */
export async function tabTo(page: Page, testId: string): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    const at = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
    if (at === testId) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** A sentence's template with its values put in. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? `{{${key}}}`);
}

/** A sentence's template as a pattern: the values given as they are, a price or a change as figures. */
export function spokenPattern(template: string, values: Record<string, string>): string {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `^${template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const key = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!key) return literal(part);
      const value = values[key];
      return value !== undefined ? literal(value) : "[\\d.,\\s\u00a0%]+";
    })
    .join("")}$`;
}

/**
 * Records each text the page's announcer (its polite live region) is given, from now on; the returned
 * function answers them in order.
 */
export async function listenToAnnouncer(page: Page): Promise<() => Promise<string[]>> {
  await expect(page.getByTestId("announcer")).toHaveAttribute("aria-live", "polite");
  await page.getByTestId("announcer").evaluate((region) => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text) heard.push(text);
    }).observe(region, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { heard: string[] }).heard);
}

/** A market not trading now still shows its last price, that session's 24H figures and its chart. */
export async function expectLastSession(page: Page): Promise<void> {
  await expect(page.getByTestId("detail-price")).toHaveText(/^\d[\d,.]*$/);
  for (const figure of ["high", "low", "volume"])
    await expect(page.getByTestId(`detail-${figure}`)).toHaveText(/\d/);
  await expect(page.getByTestId("detail-chart")).toHaveAttribute("data-status", "ready", { timeout: 15_000 });
}

/** Keeps a language and the chart's choices on the device: every indicator on the tick line, or none on 1h. */
export async function chooseChartIn(page: Page, locale: string, everything: boolean): Promise<void> {
  await page.evaluate(
    ([value, all]) => {
      localStorage.setItem("language", value);
      const indicators = all ? ["ma", "ema", "boll", "vol", "macd", "rsi"] : [];
      // The tick line has enough points for every indicator on a fresh server; it carries no volume.
      const view = all ? "line" : "1h";
      localStorage.setItem("tickfair-chart", JSON.stringify({ view, style: "candles", indicators }));
    },
    [locale, everything] as const,
  );
}
