export { type TradingDayFigures, tradingDayFigures } from "./day-figures";
export { keepClosedTotals, tradingSince, userTradingUsage } from "./limits";
export { tradingModule } from "./module";
export { type SettledResults, settledResults } from "./results";
export { type SettledNetCounts, settledNetCounts } from "./risk-figure-source";
export { type ContractRef, listUserContracts } from "./service";
