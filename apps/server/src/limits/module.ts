import { type CapabilityModule, jobDeps, type Wiring, withJob } from "../platform/capability";
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
): CapabilityModule & { job: PeriodicJob } {
  const module = {
    name: "limits",
    publicRoutes: [riskWarningRoutes(wiring)],
    userRoutes: [limitsRoutes(wiring, deps)],
    operatorRoutes: [limitsOperatorRoutes(wiring, deps)],
  };
  const riskFigures = riskFigureWorker({ ...jobDeps(wiring), settledNet: deps.settledNet });
  return withJob(module, riskFigures, wiring.config.RISK_FIGURE_WORKER_ENABLED);
}
