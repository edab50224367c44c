import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Executor } from "../platform/db";
import { writeCheckpoint } from "./checkpoint";
import type { InvariantReport } from "./invariants";

/**
 * Writes a ledger check's result to the audit log (`ledger.check`), where the operators' dashboard
 * reads the last one: checks through the server (an admin) and by `npm run ledger:check` on the
 * database (no operator) alike. A check that found no violation becomes the next checkpoint.
 */
export async function recordLedgerCheck(
  db: Executor,
  clock: Clock,
  operatorId: bigint | null,
  report: InvariantReport,
  via: "server" | "cli",
): Promise<void> {
  await keepCheckpoint(db, report);
  await recordAudit(db, clock, {
    operatorId,
    action: "ledger.check",
    targetType: "ledger",
    targetId: "ledger",
    detail: {
      ok: report.ok,
      violations: report.violations.length,
      counts: report.counts,
      scope: report.scope,
      cut: report.cut,
      via,
    },
  });
}

/** The cut a sound check reached, kept so the next routine check reads only what came after it. */
export async function keepCheckpoint(db: Executor, report: InvariantReport): Promise<void> {
  if (!report.ok || report.violations.length > 0) return;
  await writeCheckpoint(db, report.next, report.scope);
}
