import { createDepositMethod } from "../cashier/deposit-methods";
import { createOperator } from "../operators/service";
import { registerAndLogin } from "./fixtures";
import type { TestContext } from "./harness";

let operators = 0;

export async function operatorAuth(t: TestContext, role: "support" | "finance" | "admin" = "finance") {
  operators += 1;
  const username = `${role}_op_${operators}`;
  await createOperator(t.db, t.clock, { username, password: "operator-pass-1", role });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/v1/operator/auth/login",
    payload: { username, password: "operator-pass-1" },
  });
  return { username, headers: { authorization: `Bearer ${login.json().token}` } };
}

export async function bankMethod(
  t: TestContext,
  overrides: { minAmount?: string; maxAmount?: string; active?: boolean } = {},
) {
  return createDepositMethod(
    t.db,
    {
      kind: "bank",
      name: "Bank transfer",
      bankName: "Test Bank",
      accountName: "Tickfair Ltd",
      accountNumber: "6222000011112222",
      network: null,
      address: null,
      instructions: "Reference: your account id",
      minAmount: overrides.minAmount ?? "10.00",
      maxAmount: overrides.maxAmount ?? "50000.00",
      active: overrides.active ?? true,
    },
    t.clock.now(),
  );
}

export const BANK_CARD = {
  type: "bank" as const,
  accountName: "Zhang San",
  nationality: "China",
  bankName: "Bank of Testing",
  cardNumber: "6222 0212 3456 7890",
  bankAddress: "1 Test Road, Shanghai",
};

let keys = 0;
export const key = () => `test-key-${++keys}-${Math.random().toString(36).slice(2)}`;

/** A signed-in user who took a demo top-up of `amount` through the API. */
export async function toppedUpUser(t: TestContext, amount: string) {
  const user = await registerAndLogin(t);
  const topUp = await t.app.inject({
    method: "POST",
    url: "/api/v1/cashier/demo-topup",
    payload: { amount },
    headers: { ...user.auth, "idempotency-key": key() },
  });
  if (topUp.statusCode !== 200) throw new Error(`demo top-up answered ${topUp.statusCode}`);
  return user;
}
