import type { CapabilityModule, Wiring } from "../platform/capability";
import { auditOperatorRoutes } from "./operator-routes";

/** The audit log and control changes: every other capability records through it. */
export function auditModule(wiring: Wiring): CapabilityModule {
  return { name: "audit", operatorRoutes: [auditOperatorRoutes(wiring)] };
}
