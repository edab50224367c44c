// What the cashier journey's steps share: the proof image, the operator's review list, toasts, pictures.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { encodePng } from "./documents";
import { operatorHeaders, proveInSheet, type ShotLocale, TEXT } from "./support";
import { expectPolished, settledShot } from "./support-screens";

/** A small real PNG (a blue square with a lighter band), for the deposit's proof image. */
export function proofPng(size = 48): Buffer {
  return encodePng(size, size, (_x, y) =>
    y > size / 3 && y < (2 * size) / 3 ? [120, 160, 240] : [31, 90, 240],
  );
}

interface ReviewItem {
  id: string;
  amount: string;
  user: { account: string };
}

/** The one item under review for this user in an operator list (deposits or withdrawals). */
export async function underReview(
  request: APIRequestContext,
  kind: "deposits" | "withdrawals",
  account: string,
) {
  const headers = await operatorHeaders(request);
  const answer = await request.get(`/api/v1/operator/${kind}?status=under_review&limit=100`, { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as { items: ReviewItem[] };
  const mine = items.filter((item) => item.user.account.toLowerCase() === account.toLowerCase());
  expect(mine).toHaveLength(1);
  return { item: mine[0] as ReviewItem, headers };
}

/** Waits for the toast that says `text`. */
export async function toast(page: Page, text: string) {
  await expect(page.locator(".adm-toast-main").filter({ hasText: text })).toBeVisible();
}

/** Takes the cashier's screenshots of `locale` once the screen has settled (see settledShot). */
export const shooter =
  (locale: ShotLocale) =>
  (page: Page, name: string, options: { viewport?: boolean; dialog?: boolean; sheet?: boolean } = {}) =>
    settledShot(page, locale, `cashier-${name}`, options);

/**
 * Sends the form (a withdrawal proved in the step-up's sheet with `payPassword`), and answers the newest
 * `kind` on the list it leads to, under review for `amount`.
 */
export function reviewSender(page: Page, locale: ShotLocale) {
  const text = TEXT[locale];
  const shoot = shooter(locale);
  return async (
    kind: "withdrawal" | "deposit",
    list: RegExp,
    amount: string,
    name: string,
    payPassword?: string,
  ) => {
    await page.getByTestId(kind === "withdrawal" ? "withdraw-submit" : "deposit-submit").click();
    if (payPassword) await proveInSheet(page, payPassword);
    await toast(page, text.common.operationSuccess);
    await expect(page).toHaveURL(list);
    const item = page.getByTestId(`${kind}-item`).first();
    await expect(item.getByTestId(`${kind}-status`)).toHaveText(text.cashier.status.under_review);
    await expect(item.getByTestId(`${kind}-amount-value`)).toHaveText(amount);
    await expectPolished(page);
    await shoot(page, name);
    return item;
  };
}
