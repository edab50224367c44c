export { type TradingDayFigures, tradingDayFigures } from "./day-figures";
export { keepClosedTotals, tradingSince, userTradingUsage } from "./limits";
export { tradingModule } from "./module";
export { type BookRow, largestOpenPositions, type OpenPositionRow, openBook } from "./open-book";
export { type RecentContract, recentContracts } from "./recent";
export { type SettledResults, settledResults } from "./results";
export { type SettledNetCounts, settledNetCounts } from "./risk-figure-source";
export { type ContractRef, listUserContracts } from "./service";
