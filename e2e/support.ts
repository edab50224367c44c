import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import {
  type BindWithdrawalAccountRequest,
  STEP_UP_HEADER,
  type StepUpAction,
  type StepUpGrant,
  withdrawalAccountStepUp,
  withdrawalStepUp,
} from "@tickfair/contract";
import { DEMO } from "../apps/server/src/demo/seed";
import type { AppTexts } from "../apps/web/src/i18n/text-groups";
import enErrors from "../packages/contract/locales/errors/en.json" with { type: "json" };
import zhErrors from "../packages/contract/locales/errors/zh-CN.json" with { type: "json" };
import type { ConversationPage } from "../packages/contract/src/api/chat";
import { operatorApiHeaders } from "./operator-sessions";
import { expectDirectionsMarked, expectPolished } from "./support-screens";

const localesDir = path.resolve(import.meta.dirname, "../apps/web/src/i18n/locales");

/** A locale's texts as the app has them once every screen has been shown: the core and every group. */
function textsOf(locale: string): AppTexts {
  const groups = fs.readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const files = [`${locale}.json`, ...groups.map((group) => `${group.name}/${locale}.json`)];
  // Each group file holds only its own top-level key (apps/web/src/i18n/locales.test.ts).
  const parts = files.map(
    (file) => JSON.parse(fs.readFileSync(path.join(localesDir, file), "utf8")) as object,
  );
  return Object.fromEntries(parts.flatMap((part) => Object.entries(part))) as AppTexts;
}

export const TEXT: Record<"zh-CN" | "en" | "th", AppTexts> = {
  "zh-CN": textsOf("zh-CN"),
  en: textsOf("en"),
  th: textsOf("th"),
};

/** The languages every phone journey is pictured in. */
export const SHOT_LOCALES: readonly ShotLocale[] = ["zh-CN", "en"];
/** A phone journey's runs: one per pictured language, with the app's texts in it. */
export const SHOT_RUNS = SHOT_LOCALES.map((locale) => ({ locale, text: TEXT[locale] }));
export const ERRORS = { "zh-CN": zhErrors, en: enErrors } as const;
export type ShotLocale = "zh-CN" | "en";

/** A rise's and a fall's colours as the page computes them: red for a rise in Chinese, green in English. */
export const MARKET_COLOURS: Record<ShotLocale, { rise: string; fall: string }> = {
  "zh-CN": { rise: "rgb(204, 47, 54)", fall: "rgb(10, 125, 70)" },
  en: { rise: "rgb(10, 125, 70)", fall: "rgb(204, 47, 54)" },
};

let counter = 0;
/** A fresh account id and mainland phone number per call, unique across runs. */
export function newIdentity() {
  counter += 1;
  const stamp = `${Date.now() % 1e6}`.padStart(6, "0");
  return {
    account: `e2e${stamp}${counter}`.slice(0, 12),
    phone: `139${stamp}${String(counter).padStart(2, "0")}`,
  };
}

/** Confirms the open antd-mobile dialog and waits until it has gone. */
export async function confirmDialog(page: Page): Promise<void> {
  await pressUntilGone(page.locator(".adm-dialog-body").last(), ".adm-dialog-button-bold");
}

/**
 * Presses `button` in `dialog` until the dialog has gone, or until `outcome` shows when it is given (a
 * toast that lasts seconds, which waiting for the dialog to leave could miss). On a loaded machine a
 * click can land while the dialog still zooms in, and nothing is asked; so it is pressed again while
 * that same dialog (by its words) stays. A press that was taken is not repeated: the dialog closes
 * after it.
 */
export async function pressUntilGone(dialog: Locator, button: string, outcome?: Locator): Promise<void> {
  const words = ((await dialog.textContent()) ?? "").replace(/\s+/g, " ").trim();
  const asked = dialog.filter({ hasText: words });
  await expect(asked).toHaveCount(1);
  await expect(async () => {
    if ((await asked.count()) > 0) await asked.locator(button).click({ timeout: 2_000 });
    if (outcome) await expect(outcome.first()).toBeVisible({ timeout: 3_000 });
    else await expect(asked).toHaveCount(0, { timeout: 3_000 });
  }).toPass();
}

export async function setLanguage(page: Page, locale: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-language-set")) {
      localStorage.setItem("language", value);
      sessionStorage.setItem("e2e-language-set", "1");
    }
  }, locale);
}

/** Opens an account through the API (demo account-opening code); answers what is needed to log in. */
export async function registerViaApi(
  request: APIRequestContext,
  options: { password?: string; payPassword?: string } = {},
): Promise<{ account: string; phone: string; password: string; payPassword: string }> {
  const { account, phone } = newIdentity();
  const password = options.password ?? "journey-pass-1";
  const payPassword = options.payPassword ?? PAY_PASSWORD;
  const answer = await request.post("/api/v1/auth/register", {
    data: {
      account,
      phoneCountry: "CN",
      nationality: "CN",
      phone,
      inviteCode: "TICKFAIR",
      password,
      passwordConfirm: password,
      payPassword,
      payPasswordConfirm: payPassword,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { account, phone, password, payPassword };
}

/** Logs in through the login form and waits for the personal center. */
export async function logInViaForm(page: Page, account: string, password: string): Promise<void> {
  await page.goto("/h5/pages/login/login");
  await page.getByTestId("login-account").fill(account);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);
}

/** The demo operator's bearer headers: the run's session of admin (operator-sessions.ts). */
export async function operatorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return operatorApiHeaders(request, DEMO.operator);
}

/** Home, the first tab. */
export const HOME = "/h5/pages/index/index";
export const BTC = "BTC/USDT";
/** The trading page of a product. */
export const detailPage = (symbol: string) => `/h5/pages/Detail/Detail?symbol=${encodeURIComponent(symbol)}`;
export const DETAIL = detailPage(BTC);

/** Every language the app offers, for the tours that check each screen fits the phone in all of them. */
export const ALL_LOCALES = ["zh-CN", "zh-TW", "en", "ja", "th", "vi", "id", "ko", "fr", "de"];

/**
 * Opens `url` in `locale` as a user who picked that language (kept in the app's storage), and waits for
 * `ready` to show and the document to say it is in that language.
 */
export async function openInLanguage(page: Page, locale: string, url: string, ready: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem("language", value), locale);
  await page.goto(url);
  await expect(page.getByTestId(ready).first()).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

/** Like expectPolished, and no raw `market.*` or `trading.*` key on screen either. */
export async function expectTradingPolished(page: Page): Promise<void> {
  await expectPolished(page);
  await expectDirectionsMarked(page);
  expect(await page.locator("body").innerText()).not.toMatch(/\b(market|trading)[.:][a-zA-Z]+/);
}

/** The bearer headers of a new session of a user registerViaApi opened, signed in through the API. */
export async function apiSession(
  request: APIRequestContext,
  user: { account: string; password: string },
): Promise<Record<string, string>> {
  const login = await request.post("/api/v1/auth/login", {
    data: { account: user.account, password: user.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The seq of the product's latest tick, as the confirmation sheet quotes it with an order. */
export async function latestQuote(request: APIRequestContext, symbol: string): Promise<string> {
  const answer = await request.get(`/api/v1/market/products/${encodeURIComponent(symbol)}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  const product = (await answer.json()) as { ticker: { seq: string } | null };
  expect(product.ticker, `${symbol} has a ticker`).not.toBeNull();
  return product.ticker?.seq ?? "";
}

/** A POST to the API that must succeed, under `idempotencyKey` if given; answers the reply's body. */
export async function postOk<T = unknown>(
  request: APIRequestContext,
  auth: Record<string, string>,
  path: string,
  data: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const answer = await request.post(`/api/v1${path}`, {
    headers: idempotencyKey ? { ...auth, "idempotency-key": idempotencyKey } : auth,
    data,
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** A new user opened through the API with their API headers and, if `topUp` is given, that much demo money. */
export async function apiUser(request: APIRequestContext, topUp?: string) {
  const user = await registerViaApi(request);
  const auth = await apiSession(request, user);
  if (topUp) await postOk(request, auth, "/cashier/demo-topup", { amount: topUp }, `topup-${user.account}`);
  return { ...user, auth };
}

/**
 * Like apiUser, and the page starts in `locale` unless it is null. Signing in on the page is left to
 * the journey.
 */
export async function newUser(page: Page, request: APIRequestContext, locale: string | null, topUp?: string) {
  if (locale) await setLanguage(page, locale);
  return apiUser(request, topUp);
}

/** Like newUser, then signed in through the login form (the page is on the personal center). */
export async function signedInUser(page: Page, request: APIRequestContext, locale: string, topUp?: string) {
  const user = await newUser(page, request, locale, topUp);
  await logInViaForm(page, user.account, user.password);
  return user;
}

/** Proves a step-up in its sheet with the transaction password: six digits send at once. */
export async function proveInSheet(page: Page, payPassword: string): Promise<void> {
  await expect(page.getByTestId("step-up-sheet")).toBeVisible();
  await page.getByTestId("step-up-pay-password").fill(payPassword);
  await expect(page.getByTestId("step-up-sheet")).toBeHidden();
}

/** The transaction password registerViaApi gives unless told otherwise. */
export const PAY_PASSWORD = "246810";

/** A step-up for `action` proved with the transaction password: the header for that action's request. */
export async function stepUpHeader(
  request: APIRequestContext,
  auth: Record<string, string>,
  action: StepUpAction,
  payPassword = PAY_PASSWORD,
): Promise<Record<string, string>> {
  const grant = await postOk<StepUpGrant>(request, auth, "/me/step-up", {
    action,
    proof: { method: "payPassword", payPassword },
  });
  return { [STEP_UP_HEADER]: grant.token };
}

/** Binds `account` as the user's withdrawal account, with its step-up, as the app does. */
export async function bindWithdrawalAccount(
  request: APIRequestContext,
  auth: Record<string, string>,
  account: BindWithdrawalAccountRequest,
  payPassword = PAY_PASSWORD,
): Promise<void> {
  const stepUp = await stepUpHeader(request, auth, withdrawalAccountStepUp(account), payPassword);
  await postOk(request, { ...auth, ...stepUp }, "/cashier/withdrawal-account", account);
}

/** Binds a currency address (TRC20 unless told) as the user's withdrawal account. */
export async function bindCurrencyAddress(
  request: APIRequestContext,
  auth: Record<string, string>,
  address = "TXyz123456789abcdefghijkmnopqrstuv",
  network = "TRC20",
): Promise<void> {
  await bindWithdrawalAccount(request, auth, { type: "crypto", network, address });
}

/** A deposit request by the demo's bank transfer method, as the deposit page sends one; answers the order. */
export async function requestBankDeposit(
  request: APIRequestContext,
  auth: Record<string, string>,
  deposit: { amount: string; reference: string; proofFileId?: string },
  idempotencyKey: string,
): Promise<{ id: string; orderNo: string }> {
  const answer = await request.get("/api/v1/cashier/deposit-methods", { headers: auth });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as { items: { id: string; kind: string }[] };
  const bank = items.find((method) => method.kind === "bank");
  expect(bank, "the demo has a bank deposit method").toBeTruthy();
  return postOk(
    request,
    auth,
    "/cashier/deposits",
    {
      methodId: bank?.id,
      amount: deposit.amount,
      reference: deposit.reference,
      proofFileId: deposit.proofFileId ?? null,
    },
    idempotencyKey,
  );
}

/** A withdrawal to the bound account, with a step-up proved by the transaction password; answers the order. */
export async function requestWithdrawal(
  request: APIRequestContext,
  user: { auth: Record<string, string>; payPassword: string },
  amount: string,
  idempotencyKey: string,
): Promise<{ id: string; orderNo: string }> {
  const stepUp = await stepUpHeader(request, user.auth, withdrawalStepUp({ amount }), user.payPassword);
  return postOk(request, { ...user.auth, ...stepUp }, "/cashier/withdrawals", { amount }, idempotencyKey);
}

/** The id of the open conversation `account` started with support, as the operators' list shows it. */
export async function conversationIdOf(
  request: APIRequestContext,
  operator: Record<string, string>,
  account: string,
): Promise<string> {
  const answer = await request.get("/api/v1/operator/chats?view=all&state=open&limit=100", {
    headers: operator,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as ConversationPage;
  const conversation = items.find((item) => item.user.account === account);
  expect(conversation, `${account} has a conversation`).toBeTruthy();
  return conversation?.id ?? "";
}
