import { type CapabilityModule, jobDeps, type Wiring, withJob } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { savingsUpdates } from "./live";
import { savingsOperatorRoutes } from "./operator-routes";
import { savingsRoutes, savingsRulesRoutes } from "./routes";
import { savingsWorker } from "./worker";

/** Yu'ebao: transfers in and out, the daily income and its rates. */
export function savingsModule(wiring: Wiring): CapabilityModule & { job: PeriodicJob } {
  const { realtime, config } = wiring;
  const deps = jobDeps(wiring);
  realtime.addUserEvent("savings.updated", savingsUpdates(deps));
  const worker = savingsWorker(
    {
      ...deps,
      saversChanged: async (userIds) => {
        await realtime.publish("savings.updated", userIds);
        await realtime.publish("account.updated", userIds);
      },
    },
    { intervalMs: config.SAVINGS_ACCRUAL_INTERVAL_MS },
  );
  const module = {
    name: "savings",
    publicRoutes: [savingsRulesRoutes(wiring)],
    userRoutes: [savingsRoutes(wiring)],
    operatorRoutes: [savingsOperatorRoutes(wiring)],
  };
  return withJob(module, worker, config.SAVINGS_WORKER_ENABLED);
}
