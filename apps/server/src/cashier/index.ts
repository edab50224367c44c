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
export { cashierModule } from "./module";
export { recentMoneyRequests } from "./recent";
export { boundWithdrawalAccount } from "./withdrawal-accounts";
export { listUserWithdrawals } from "./withdrawals";
