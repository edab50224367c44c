export { contractOpenings, contractSettlements } from "./live";
export { type ContractRef, contractsByIds } from "./service";
export { TradingWorker } from "./worker";
