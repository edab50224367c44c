import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { savingsUpdates } from "./live";
import { savingsOperatorRoutes } from "./operator-routes";
import { savingsRoutes, savingsRulesRoutes } from "./routes";
import { savingsWorker } from "./worker";

/** Yu'ebao: transfers in and out, the daily income and its rates. */
export function savingsModule(wiring: Wiring): CapabilityModule & { worker: PeriodicJob } {
  const { realtime, config } = wiring;
  const deps = { db: wiring.db, clock: wiring.clock, timeZone: config.PLATFORM_TZ };
  realtime.addUserEvent("savings.updated", savingsUpdates(deps));
  const worker = savingsWorker(
    {
      ...deps,
      log: wiring.log,
      saversChanged: async (userIds) => {
        await realtime.publish("savings.updated", userIds);
        await realtime.publish("account.updated", userIds);
      },
    },
    { intervalMs: config.SAVINGS_ACCRUAL_INTERVAL_MS },
  );
  return {
    name: "savings",
    worker,
    publicRoutes: [savingsRulesRoutes(wiring)],
    userRoutes: [savingsRoutes(wiring)],
    operatorRoutes: [savingsOperatorRoutes(wiring)],
    jobs: [{ job: worker, enabled: config.SAVINGS_WORKER_ENABLED }],
  };
}
