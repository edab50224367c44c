import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const artifacts = path.resolve(import.meta.dirname, "artifacts");

/**
 * Saves a full-page screenshot under e2e/artifacts/<locale>/<name>.png (and, with `viewport`, also
 * what the phone's screen shows, as <name>-screen.png). With a dialog or a sheet open the picture is
 * the screen: their backdrop is fixed to it, and on a longer page would end above the page's foot.
 */
export async function shot(
  page: Page,
  locale: string,
  name: string,
  options: { viewport?: boolean } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const dir = path.join(artifacts, locale);
  fs.mkdirSync(dir, { recursive: true });
  const overlaid = await page.evaluate(() =>
    [...document.querySelectorAll(".adm-mask:not(.adm-toast-mask)")].some(
      (mask) => getComputedStyle(mask).display !== "none",
    ),
  );
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: !overlaid });
  if (options.viewport) await page.screenshot({ path: path.join(dir, `${name}-screen.png`) });
}

/**
 * Waits for antd-mobile's dialogs, masks and toasts to finish fading in or out (their animations run in
 * script, not as CSS ones, and on the page's clock), so a picture shows what the user reads.
 */
async function overlaysSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>(".adm-mask, .adm-center-popup-wrap")].every((element) => {
      const style = getComputedStyle(element);
      return style.display === "none" || style.opacity === "1";
    }),
  );
}

/**
 * A screenshot of what the user sees once things have settled: no toast or closing dialog on top
 * (unless the dialog is the point, then once it has opened), scrolled to the top.
 */
export async function settledShot(
  page: Page,
  locale: string,
  name: string,
  options: { viewport?: boolean; dialog?: boolean; sheet?: boolean } = {},
): Promise<void> {
  if (options.dialog) {
    // The newest dialog: one just confirmed may still be in the page while it closes.
    await expect(page.locator(".adm-dialog-body").filter({ visible: true }).last()).toBeVisible();
    await overlaysSettled(page);
  } else if (options.sheet) {
    await expect(page.locator(".adm-popup-body").filter({ visible: true }).last()).toBeVisible();
    await overlaysSettled(page);
  } else {
    await expect(page.locator(".adm-toast-main")).toBeHidden({ timeout: 5_000 });
    await expect(page.locator(".adm-dialog-body")).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await shot(page, locale, name, { viewport: options.viewport });
}

const KEY_GROUPS =
  "common|tabs|welcome|login|register|home|user|settings|password|language|notFound|routeError|errors|" +
  "cashier|deposit|account|withdraw|records|orders|savings|verify|content|messages|chat|limits|stepUp|sessions|twoFactor|" +
  "notifications";

/** What a user would notice at once: a raw translation key on screen, or a page wider than the phone. */
export async function expectPolished(page: Page): Promise<void> {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(new RegExp(`\\b(${KEY_GROUPS})[.:][a-zA-Z]+`));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Labels cut off with "…" (inputs' placeholders aside) hide words from the user.
  const truncated = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *:not(input)")]
      .filter((el) => getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.innerText.trim())
      .filter(Boolean),
  );
  expect(truncated).toEqual([]);
  // The bar at the top is one line high: an action's label there that wraps breaks out of it.
  const wrapped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".page-navbar__side")].flatMap((side) => {
      const texts = document.createTreeWalker(side, NodeFilter.SHOW_TEXT);
      const lines: string[] = [];
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        if (range.getClientRects().length > 1) lines.push(node.textContent ?? "");
      }
      return lines;
    }),
  );
  expect(wrapped).toEqual([]);
}

/**
 * Figures coloured as a rise or a fall that tell no direction, only emphasis; their label says what
 * they are: the payout if a contract wins, the savings yield.
 */
const EMPHASIS_ONLY = ["trade-estimate", "trade-confirm-estimate", "home-savings-yield"];

/**
 * Nothing says up or down by colour alone: every visible element in a rise's or a fall's colour (text
 * or background) carries ▲ or ▼ (itself or beside it, in its parent), is a signed figure (+8.00,
 * -10.00), or is a result told in words (marked data-result).
 */
export async function expectDirectionsMarked(page: Page): Promise<void> {
  const unmarked = await page.evaluate((emphasis) => {
    // The rise's and the fall's colours for a moment made unlike any other, so an error's red (the
    // same red as a rise in Chinese) is not taken for a rise.
    const still = document.createElement("style");
    still.textContent = "* { transition: none !important; }";
    document.head.append(still);
    const root = document.documentElement.style;
    root.setProperty("--tf-rise", "rgb(1, 2, 3)");
    root.setProperty("--tf-fall", "rgb(3, 2, 1)");
    const marks: Record<string, string> = { "rgb(1, 2, 3)": "▲", "rgb(3, 2, 1)": "▼" };
    const ownText = (el: Element) =>
      [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === "hidden") continue;
      const style = getComputedStyle(el);
      const text = (el.textContent ?? "").trim();
      // A dot or a bar with no words (the network's state) tells no rise or fall.
      if (!text) continue;
      const mark = marks[style.backgroundColor] ?? (ownText(el) ? marks[style.color] : undefined);
      if (!mark) continue;
      const beside = el.parentElement?.textContent ?? "";
      if (text.includes(mark) || beside.includes(mark)) continue;
      if (/^[+\-−]\s?\d/.test(text) || el.closest("[data-result]")) continue;
      if (emphasis.includes(el.dataset.testid ?? "")) continue;
      problems.push(`${el.className || el.tagName}: ${text}`);
    }
    root.removeProperty("--tf-rise");
    root.removeProperty("--tf-fall");
    still.remove();
    return problems;
  }, EMPHASIS_ONLY);
  expect(unmarked, "rises and falls in colour alone").toEqual([]);
}

/** What axe finds against WCAG 2.1 AA on the page as it is now, one line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} — ${node.failureSummary}`),
  );
}
