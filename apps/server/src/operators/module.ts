import type { CapabilityModule, Wiring } from "../platform/capability";
import { operatorAccountRoutes } from "./account-routes";
import { operatorRoutes, operatorSignInRoutes } from "./operator-routes";
import { operatorsRetention } from "./retention";

/** Operators' sign-in, sessions, accounts and roles. Its hook signs in and checks every operator route. */
export function operatorsModule(wiring: Wiring): CapabilityModule {
  return {
    name: "operators",
    publicRoutes: [operatorSignInRoutes(wiring)],
    operatorRoutes: [operatorRoutes(wiring), operatorAccountRoutes(wiring)],
    retention: operatorsRetention,
  };
}
