export { savingsModule } from "./module";
export type { SavingsDeps } from "./service";
