import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Executor } from "../platform/db";
import type { InvariantReport } from "./invariants";

/**
 * Writes a ledger check's result to the audit log (`ledger.check`), where the operators' dashboard
 * reads the last one: checks through the server (an admin) and by `npm run ledger:check` on the
 * database (no operator) alike.
 */
export async function recordLedgerCheck(
  db: Executor,
  clock: Clock,
  operatorId: bigint | null,
  report: InvariantReport,
  via: "server" | "cli",
): Promise<void> {
  await recordAudit(db, clock, {
    operatorId,
    action: "ledger.check",
    targetType: "ledger",
    targetId: "ledger",
    detail: { ok: report.ok, violations: report.violations.length, counts: report.counts, via },
  });
}
