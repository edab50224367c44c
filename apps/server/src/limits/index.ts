export {
  breakError,
  depositLimitError,
  type LimitsInForce,
  orderLimitError,
  type PerPeriod,
  type TradingUsage,
  withOrder,
} from "./rules";
export { type HeldLimits, lockLimits, refuseDuringBreak } from "./store";
