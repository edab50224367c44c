import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { limitsOperatorRoutes } from "./operator-routes";
import { type RiskFigureDeps, riskFigureWorker } from "./risk-figure";
import { riskWarningRoutes } from "./risk-warning-routes";
import { type LimitsDeps, limitsRoutes } from "./routes";

/**
 * Responsible trading: the user's own limits and the risk warning. What a user has used is counted by
 * the capabilities that do the trading and the depositing; the wiring hands their counts in.
 */
export function limitsModule(
  wiring: Wiring,
  deps: LimitsDeps & { settledNet: RiskFigureDeps["settledNet"] },
): CapabilityModule & { riskFigures: PeriodicJob } {
  const riskFigures = riskFigureWorker({
    db: wiring.db,
    clock: wiring.clock,
    timeZone: wiring.config.PLATFORM_TZ,
    settledNet: deps.settledNet,
    log: wiring.log,
  });
  return {
    name: "limits",
    riskFigures,
    publicRoutes: [riskWarningRoutes(wiring)],
    userRoutes: [limitsRoutes(wiring, deps)],
    operatorRoutes: [limitsOperatorRoutes(wiring, deps)],
    jobs: [{ job: riskFigures, enabled: wiring.config.RISK_FIGURE_WORKER_ENABLED }],
  };
}
