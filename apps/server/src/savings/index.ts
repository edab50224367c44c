export { unpaidSavers } from "./backlog";
export { savingsBooksCheck } from "./invariants";
export { savingsModule } from "./module";
export type { SavingsDeps } from "./service";
