import { loadConfig } from "../platform/config";
import { createDb } from "../platform/db";
import { migrateToLatest } from "../platform/migrations";
import { checkLedgerInvariants } from "./invariants";

/** `npm run ledger:check`: checks the ledger's invariants on the configured database; exits 1 on any violation. */
const config = loadConfig();
const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
let exitCode = 1;
try {
  await migrateToLatest(db);
  const report = await checkLedgerInvariants(db);
  const where = config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${config.DATA_DIR}`;
  console.log(
    `Ledger on ${where}: ${report.counts.accounts} accounts, ${report.counts.postings} postings, ${report.counts.entries} entries`,
  );
  for (const violation of report.violations) console.error(`VIOLATION ${violation}`);
  console.log(report.ok ? "All ledger invariants hold." : `${report.violations.length} violation(s) found.`);
  exitCode = report.ok ? 0 : 1;
} finally {
  await db.destroy();
}
// Set only after closing: PGlite's runtime resets process.exitCode when it shuts down.
process.exit(exitCode);
