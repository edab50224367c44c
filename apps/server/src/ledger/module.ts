import type { CapabilityModule, Wiring } from "../platform/capability";
import { ledgerOperatorRoutes } from "./operator-routes";

export function ledgerModule(wiring: Wiring): CapabilityModule {
  return { name: "ledger", operatorRoutes: [ledgerOperatorRoutes(wiring)] };
}
