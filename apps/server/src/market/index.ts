export { MarketBus } from "./bus";
export type { TradingSchedule } from "./catalogue";
export { type ReceiptCommitment, receiptCommitment } from "./fairness-receipt";
export { type FeedState, feedStates } from "./feed-state";
export { marketModule } from "./module";
export { formatScaled } from "./prices";
export { effectiveStatus } from "./schedule";
export { productNotFound, symbolCode, symbolCodeOf } from "./service";
export { citationsOf, type StoredTick } from "./ticks";
