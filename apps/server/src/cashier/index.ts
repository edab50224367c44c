export { demoTopUp } from "./demo-top-up";
export { createDepositMethod } from "./deposit-methods";
