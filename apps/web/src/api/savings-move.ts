import type { SavingsMoveRequest, SavingsMoveResponse } from "@tickfair/contract";
import { putSavingsSummary } from "./account-cache";
import { refreshMoney } from "./cashier";
import type { SavingsDirection } from "./savings";
import { useMoneyMutation } from "./use-money-mutation";

export interface SavingsMove extends SavingsMoveRequest {
  direction: SavingsDirection;
}

/**
 * A move in or out. The direction is part of the variables, so a move out of the same amount as a move
 * in that just failed is a new attempt with a new Idempotency-Key.
 */
export function useSavingsMove() {
  return useMoneyMutation<SavingsMove, SavingsMoveResponse>(
    ({ direction, amount }) => ({
      path: direction === "in" ? "/v1/savings/move-in" : "/v1/savings/move-out",
      body: { amount },
    }),
    (answer) => {
      putSavingsSummary(answer.summary);
      // The available balance and the fund records moved too.
      refreshMoney();
    },
  );
}
