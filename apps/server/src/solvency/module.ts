import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { solvencyOperatorRoutes } from "./operator-routes";
import { solvencyPublicRoutes, solvencyRoutes } from "./routes";
import { solvencyWorker } from "./worker";

/** Proof of liabilities: the daily snapshot of what the ledger owes every user, its roots and proofs. */
export function solvencyModule(wiring: Wiring): CapabilityModule & { worker: PeriodicJob } {
  const { config } = wiring;
  const worker = solvencyWorker({
    db: wiring.db,
    clock: wiring.clock,
    timeZone: config.PLATFORM_TZ,
    log: wiring.log,
  });
  return {
    name: "solvency",
    worker,
    publicRoutes: [solvencyPublicRoutes(wiring)],
    userRoutes: [solvencyRoutes(wiring)],
    operatorRoutes: [solvencyOperatorRoutes(wiring)],
    jobs: [{ job: worker, enabled: config.SOLVENCY_WORKER_ENABLED }],
  };
}
