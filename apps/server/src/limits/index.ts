export { limitsModule } from "./module";
export {
  breakError,
  depositLimitError,
  type LimitsInForce,
  orderLimitError,
  type PerPeriod,
  type TradingUsage,
  withOrder,
} from "./rules";
export {
  type HeldLimits,
  heldLimitsCtes,
  lockLimits,
  type OpenLimits,
  refuseDuringBreak,
  usersWithLimits,
} from "./store";
