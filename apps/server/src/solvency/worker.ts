import { addDays } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { PeriodicJob } from "../platform/periodic-job";
import { platformDay } from "../platform/platform-day";
import { type SnapshotOutcome, takeSnapshot } from "./snapshot";

/**
 * How long after a day ends its snapshot waits: a request that took its time before midnight may
 * still be committing its postings, and they belong to the day.
 */
export const SETTLE_MS = 60_000;

/** The last platform day that has closed (and settled), and the instant it ended. */
export async function closedDay(db: Db, now: Date, timeZone: string): Promise<{ day: string; cutoff: Date }> {
  const today = await platformDay(db, new Date(now.getTime() - SETTLE_MS), timeZone);
  return { day: addDays(today.date, -1), cutoff: today.from };
}

/** Takes the last closed day's snapshot unless it exists (docs/solvency.md). */
export async function snapshotClosedDay(
  deps: { db: Db; clock: Clock; timeZone: string },
  onChunk?: Parameters<typeof takeSnapshot>[1]["onChunk"],
): Promise<SnapshotOutcome> {
  const { day, cutoff } = await closedDay(deps.db, deps.clock.now(), deps.timeZone);
  return takeSnapshot(deps.db, { day, cutoff, now: () => deps.clock.now(), onChunk });
}

/**
 * Looks every `intervalMs` (and at start) for a closed day without its snapshot and takes it. Any
 * number of processes may run it: takeSnapshot writes each day once.
 */
export function solvencyWorker(
  deps: { db: Db; clock: Clock; timeZone: string; log: { error(object: unknown, message: string): void } },
  options: { intervalMs?: number } = {},
): PeriodicJob {
  return new PeriodicJob({
    name: "solvency: snapshot",
    intervalMs: options.intervalMs ?? 60_000,
    log: deps.log,
    runOnce: () => snapshotClosedDay(deps),
  });
}
