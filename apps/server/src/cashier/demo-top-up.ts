import { type DemoTopUpResponse, fromMinor } from "@tickfair/contract";
import { post, systemAccountIds, userAccountIds, userBalances } from "../ledger";
import type { Tx } from "../platform/db";

/** Demo mode only: virtual money from the platform's demo_grants account straight into cash. */
export async function demoTopUp(
  tx: Tx,
  userId: bigint,
  amount: bigint,
  at: Date,
): Promise<DemoTopUpResponse> {
  const [system, user] = await Promise.all([systemAccountIds(tx), userAccountIds(tx, userId)]);
  const postingId = await post(tx, {
    kind: "demo_grant",
    userId,
    at,
    legs: [
      { accountId: system.demo_grants, amount: -amount },
      { accountId: user.cash, amount },
    ],
  });
  const balances = await userBalances(tx, userId);
  return { postingId: String(postingId), available: fromMinor(balances.cash) };
}
