export { type ContractRef, contractsByIds } from "./service";
export { TradingWorker } from "./worker";
