import type { CapabilityModule, Wiring } from "../platform/capability";
import { consoleOperatorRoutes } from "./operator-routes";
import { consoleRiskRoutes } from "./risk-routes";
import { consoleUserRoutes } from "./users-routes";

/**
 * Read models that join several capabilities for operators: the dashboard, the user page and lists,
 * a chat's context, the exposure board and the order desk. The top rank, so each capability below stays unaware of the console's views.
 */
export function consoleModule(wiring: Wiring): CapabilityModule {
  return {
    name: "console",
    operatorRoutes: [consoleOperatorRoutes(wiring), consoleUserRoutes(wiring), consoleRiskRoutes(wiring)],
  };
}
