export { unpaidSavers } from "./backlog";
export { savingsModule } from "./module";
export type { SavingsDeps } from "./service";
