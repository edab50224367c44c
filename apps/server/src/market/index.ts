export { MarketBus } from "./bus";
export type { TradingSchedule } from "./catalogue";
export { type FeedState, feedStates } from "./feed-state";
export { marketModule } from "./module";
export { formatScaled } from "./prices";
export { effectiveStatus } from "./schedule";
export { findProduct, productNotFound, productTicks, symbolCode, symbolCodeOf, toWireTick } from "./service";
export { latestTickers } from "./tickers";
export type { StoredTick } from "./ticks";
