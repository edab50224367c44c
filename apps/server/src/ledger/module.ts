import type { CapabilityModule, Wiring } from "../platform/capability";
import type { TickArchiveCheck } from "./invariants";
import { ledgerOperatorRoutes } from "./operator-routes";

export function ledgerModule(wiring: Wiring, deps: { tickArchives: TickArchiveCheck }): CapabilityModule {
  return { name: "ledger", operatorRoutes: [ledgerOperatorRoutes(wiring, deps.tickArchives)] };
}
