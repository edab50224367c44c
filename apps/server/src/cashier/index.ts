export {
  type CashierDayFigures,
  cashierDayFigures,
  type QueueState,
  reviewQueues,
} from "./dashboard-figures";
export { demoTopUp } from "./demo-top-up";
export { depositUsage } from "./deposit-limits";
export { createDepositMethod } from "./deposit-methods";
export { listUserDeposits } from "./deposits";
export { type ReviewQueueChange, reviewQueueUpdates } from "./live";
export { boundWithdrawalAccount } from "./withdrawal-accounts";
export { listUserWithdrawals } from "./withdrawals";
