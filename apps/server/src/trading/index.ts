export { type TradingDayFigures, tradingDayFigures } from "./day-figures";
export { keepClosedTotals, userTradingUsage } from "./limits";
export { lossStreakPauseOf } from "./loss-streak";
export { tradingModule } from "./module";
export { type SettledResults, settledResults } from "./results";
export { type SettledNetCounts, settledNetCounts } from "./risk-figure-source";
export { type ContractRef, listUserContracts } from "./service";
export { tradingSince } from "./since";
