import { type CapabilityModule, jobDeps, type Wiring, withJob } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { solvencyOperatorRoutes } from "./operator-routes";
import { solvencyPublicRoutes, solvencyRoutes } from "./routes";
import { solvencyWorker } from "./worker";

/** Proof of liabilities: the daily snapshot of what the ledger owes every user, its roots and proofs. */
export function solvencyModule(wiring: Wiring): CapabilityModule & { job: PeriodicJob } {
  const module = {
    name: "solvency",
    publicRoutes: [solvencyPublicRoutes(wiring)],
    userRoutes: [solvencyRoutes(wiring)],
    operatorRoutes: [solvencyOperatorRoutes(wiring)],
  };
  return withJob(module, solvencyWorker(jobDeps(wiring)), wiring.config.SOLVENCY_WORKER_ENABLED);
}
