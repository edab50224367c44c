export { savingsUpdates } from "./live";
export type { SavingsDeps } from "./service";
export { SavingsWorker } from "./worker";
