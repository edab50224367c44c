import {
  type BindWithdrawalAccountRequest,
  DEFAULT_LOCALE,
  type Deposit,
  type DepositMethodInput,
  type StepUpGrant,
  withdrawalAccountStepUp,
  withdrawalStepUp,
} from "@tickfair/contract";
import { expect } from "vitest";
import type { App } from "../app";
import { createDepositMethod } from "../cashier/deposit-methods";
import { askStepUp, registerAndLogin } from "./fixtures";
import type { TestContext } from "./harness";
import { createEnrolledOperator, signInOperatorThroughApi } from "./operator-fixtures";

let operators = 0;

/** A new operator of `role`, enrolled, signed in through both steps of the API. */
export async function operatorAuth(t: TestContext, role: "support" | "finance" | "admin" = "finance") {
  operators += 1;
  const credentials = await createEnrolledOperator(t.db, t.clock, {
    username: `${role}_op_${operators}`,
    role,
  });
  const headers = await signInOperatorThroughApi(t, credentials);
  return { username: credentials.username, headers, credentials };
}

/** A valid bank deposit method, as an operator would enter it. */
export function bankMethodInput(overrides: Partial<DepositMethodInput> = {}): DepositMethodInput {
  return {
    kind: "bank",
    names: { "zh-CN": "银行转账", en: "Bank transfer" },
    bankName: "Test Bank",
    accountName: "Tickfair Ltd",
    accountNumber: "6222000011112222",
    network: null,
    address: null,
    instructions: { "zh-CN": "转账附言：您的账户号", en: "Reference: your account id" },
    minAmount: "10.00",
    maxAmount: "50000.00",
    active: true,
    ...overrides,
  };
}

export async function bankMethod(
  t: TestContext,
  overrides: { minAmount?: string; maxAmount?: string; active?: boolean } = {},
) {
  return createDepositMethod(t.db, bankMethodInput(overrides), t.clock.now(), DEFAULT_LOCALE);
}

export const BANK_CARD = {
  type: "bank" as const,
  accountName: "Zhang San",
  nationality: "CN",
  bankName: "Bank of Testing",
  cardNumber: "6222 0212 3456 7890",
  bankAddress: "1 Test Road, Shanghai",
};

/**
 * Binds `account` as the withdrawal account of the user `auth` signs in, as the app does: a step-up
 * proved with `payPassword`, then the binding (or the step-up's refusal).
 */
export async function postWithdrawalAccount(
  app: App,
  auth: Record<string, string>,
  account: BindWithdrawalAccountRequest,
  payPassword = "246810",
) {
  const granted = await askStepUp(app, auth, withdrawalAccountStepUp(account), payPassword);
  if (granted.statusCode !== 201) return granted;
  return app.inject({
    method: "POST",
    url: "/api/v1/cashier/withdrawal-account",
    payload: account,
    headers: { ...auth, "step-up": granted.json<StepUpGrant>().token },
  });
}

/** Binds BANK_CARD as the withdrawal account of the user `auth` signs in, through the API. */
export async function bindBankCard(app: App, auth: Record<string, string>, payPassword = "246810") {
  const bound = await postWithdrawalAccount(app, auth, BANK_CARD, payPassword);
  expect(bound.statusCode, bound.body).toBe(201);
}

let keys = 0;
export const key = () => `test-key-${++keys}-${Math.random().toString(36).slice(2)}`;

/** A POST through the API as the caller `auth` signs in, under an idempotency key (a fresh one unless given; none for null). */
export function postWithKey(
  app: App,
  url: string,
  auth: Record<string, string>,
  payload: object,
  idempotencyKey: string | null = key(),
) {
  return app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...auth, ...(idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey }) },
  });
}

/** A deposit the user `auth` signs in asked for through the API; the test fails unless it was taken. */
export async function askDeposit(
  app: App,
  auth: Record<string, string>,
  deposit: { methodId: string; amount: string; reference: string },
) {
  const created = await postWithKey(app, "/api/v1/cashier/deposits", auth, deposit);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Deposit>();
}

/** A demo top-up of `amount` through the API, for the user `auth` signs in. */
export async function demoTopUp(app: App, auth: Record<string, string>, amount: string) {
  const topUp = await postWithKey(app, "/api/v1/cashier/demo-topup", auth, { amount });
  expect(topUp.statusCode, topUp.body).toBe(200);
}

/** A signed-in user who took a demo top-up of `amount` through the API. */
export async function toppedUpUser(t: TestContext, amount: string) {
  const user = await registerAndLogin(t);
  await demoTopUp(t.app, user.auth, amount);
  return user;
}

/**
 * A withdrawal of `amount` as the app asks for it: a step-up proved with `payPassword`, then the
 * request under an idempotency key (a fresh one unless given), or the step-up's refusal.
 */
export async function postWithdrawal(
  app: App,
  auth: Record<string, string>,
  { amount, payPassword }: { amount: string; payPassword: string },
  idempotencyKey = key(),
) {
  const granted = await askStepUp(app, auth, withdrawalStepUp({ amount }), payPassword);
  if (granted.statusCode !== 201) return granted;
  return app.inject({
    method: "POST",
    url: "/api/v1/cashier/withdrawals",
    payload: { amount },
    headers: { ...auth, "step-up": granted.json<StepUpGrant>().token, "idempotency-key": idempotencyKey },
  });
}

/** Between two moves of a history: a minute and a half, so each record has a time of its own. */
export const STEP_MS = 90_000;

/**
 * A user's money history the fund records tell of, each move a step after the one before: a demo
 * top-up of 500.00, a 120.00 deposit (its reference a spreadsheet formula) that finance confirms, a
 * 70.00 withdrawal to the bound bank card that the user cancels. Answers with what a test needs to go
 * on: the user, the deposit, finance's `review` of an order and the user's `withdraw`.
 */
export async function cancelledWithdrawalHistory(t: TestContext) {
  const user = await toppedUpUser(t, "500.00");
  const step = () => t.clock.advance(STEP_MS);
  step();
  const method = await bankMethod(t);
  const deposit = await postWithKey(t.app, "/api/v1/cashier/deposits", user.auth, {
    methodId: method.id,
    amount: "120.00",
    reference: '=HYPERLINK("x")',
  });
  const finance = await operatorAuth(t);
  const review = (what: string, id: string, verdict: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/operator/${what}/${id}/${verdict}`,
      headers: finance.headers,
      payload,
    });
  step();
  expect((await review("deposits", deposit.json().id, "confirm")).statusCode).toBe(200);
  await bindBankCard(t.app, user.auth);
  const withdraw = (amount: string) =>
    postWithdrawal(t.app, user.auth, {
      amount,
      payPassword: user.registration.payPassword,
    });
  step();
  const cancelled = await withdraw("70.00");
  step();
  const cancel = await postWithKey(
    t.app,
    `/api/v1/cashier/withdrawals/${cancelled.json().id}/cancel`,
    user.auth,
    {},
  );
  expect(cancel.statusCode).toBe(200);
  return { user, deposit, review, withdraw };
}
