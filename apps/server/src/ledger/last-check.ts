import { latestAuditOf } from "../audit";
import type { Executor } from "../platform/db";

/**
 * The newest ledger check's result and time, from the audit entry `recordLedgerCheck` wrote (through
 * the server or by `npm run ledger:check`); null before any check.
 */
export async function lastLedgerCheck(db: Executor): Promise<{ at: Date; ok: boolean } | null> {
  const row = await latestAuditOf(db, "ledger.check");
  if (!row) return null;
  return { at: row.created_at, ok: (row.detail as { ok?: unknown }).ok === true };
}
