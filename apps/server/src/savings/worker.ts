import { PeriodicJob } from "../platform/periodic-job";
import { type AccrualStep, accrueDueSavings } from "./accrual";
import { savingsMoment } from "./moves";
import type { SavingsDeps } from "./service";

export interface SavingsWorkerDeps extends SavingsDeps {
  log: { error(object: unknown, message: string): void };
  /** After a batch commits: the savers it paid or confirmed, to tell their open apps. */
  saversChanged(userIds: readonly bigint[]): void | Promise<void>;
}

/**
 * Pays each day's income once the day has ended: checks every `intervalMs` (and at start) whether any
 * saver is behind yesterday, and pays them batch by batch. Runs never overlap in one process; across
 * processes, the claims' SKIP LOCKED keep each saver's day paid exactly once.
 */
export function savingsWorker(
  deps: SavingsWorkerDeps,
  options: { intervalMs?: number; batchSize?: number } = {},
): PeriodicJob {
  const batchSize = options.batchSize ?? 2_000;
  // Telling savers is best effort: it never holds up or fails what already committed.
  const tell = (step: AccrualStep) => {
    const changed = [...new Set([...step.paid, ...step.confirmed])];
    if (changed.length === 0) return;
    Promise.resolve()
      .then(() => deps.saversChanged(changed))
      .catch((error: unknown) => deps.log.error({ err: error }, "savings: telling savers failed"));
  };
  return new PeriodicJob({
    name: "savings: accrual",
    intervalMs: options.intervalMs ?? 60_000,
    log: deps.log,
    runOnce: () =>
      accrueDueSavings(deps.db, {
        yesterday: savingsMoment(deps.clock.now(), deps.timeZone).yesterday,
        batchSize,
        now: () => deps.clock.now(),
        onStep: tell,
      }),
  });
}
