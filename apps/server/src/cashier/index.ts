export {
  type CashierDayFigures,
  cashierDayFigures,
  type QueueState,
  reviewQueues,
} from "./dashboard-figures";
export { demoTopUp } from "./demo-top-up";
export { createDepositMethod } from "./deposit-methods";
