import { expect } from "vitest";
import { seedCatalogue } from "../market/seed";
import {
  bankMethod,
  bindBankCard,
  operatorAuth,
  postWithdrawal,
  postWithKey,
  toppedUpUser,
} from "./cashier-fixtures";
import type { TestContext } from "./harness";
import { placeContract } from "./trading-fixtures";

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

/** A 20.00 stake of the user `auth` signs in, up on ETH/USDT for 30 seconds, the catalogue seeded first. */
export async function stakeOnEther(t: TestContext, auth: Record<string, string>) {
  await seedCatalogue(t.db);
  await placeContract(t.app, auth, {
    symbol: "ETH/USDT",
    direction: "up",
    stake: "20.00",
    durationSeconds: 30,
  });
}
