import type { CapabilityModule, Wiring } from "../platform/capability";
import { reviewQueueUpdates } from "./live";
import { cashierOperatorRoutes } from "./operator-routes";
import { cashierRoutes } from "./routes";

/** Deposits, withdrawals, their review queues and the cashier's settings. */
export function cashierModule(wiring: Wiring): CapabilityModule {
  wiring.realtime.addOperatorEvent("reviewQueue.changed", reviewQueueUpdates);
  return {
    name: "cashier",
    userRoutes: [cashierRoutes(wiring)],
    operatorRoutes: [cashierOperatorRoutes(wiring)],
  };
}
