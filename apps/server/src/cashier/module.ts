import type { CapabilityModule, Wiring } from "../platform/capability";
import { reviewQueueUpdates, withdrawalUpdates } from "./live";
import { cashierOperatorRoutes } from "./operator-routes";
import { cashierPublicRoutes, cashierRoutes } from "./routes";

/** Deposits, withdrawals, their review queues and the cashier's settings. */
export function cashierModule(wiring: Wiring): CapabilityModule {
  wiring.realtime.addOperatorEvent("reviewQueue.changed", reviewQueueUpdates);
  wiring.realtime.addUserEvent("withdrawal.updated", withdrawalUpdates);
  return {
    name: "cashier",
    publicRoutes: [cashierPublicRoutes(wiring)],
    userRoutes: [cashierRoutes(wiring)],
    operatorRoutes: [cashierOperatorRoutes(wiring)],
  };
}
