import type { CapabilityModule, Wiring } from "../platform/capability";
import type { CheckedWithLedger } from "./invariants";
import { ledgerOperatorRoutes } from "./operator-routes";

export function ledgerModule(wiring: Wiring, checkedWithLedger: CheckedWithLedger): CapabilityModule {
  return { name: "ledger", operatorRoutes: [ledgerOperatorRoutes(wiring, checkedWithLedger)] };
}
