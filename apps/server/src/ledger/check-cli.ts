import type { LedgerCheckReport } from "@tickfair/contract";
import { systemClock } from "../platform/clock";
import { type Config, loadConfig } from "../platform/config";
import { readHold } from "../platform/data-dir-hold";
import { createDb } from "../platform/db";
import { migrateToLatest } from "../platform/migrations";
import {
  checkThroughServer,
  EXIT_NOT_CHECKED,
  NotCheckedError,
  planLedgerCheck,
  readCredentials,
  readScope,
  reportLines,
} from "./check-plan";
import { recordLedgerCheck } from "./check-record";
import { type CheckedWithLedger, checkLedgerInvariants } from "./invariants";

/**
 * `npm run ledger:check [-- --full --username NAME --password PASSWORD]`: checks the ledger's invariants
 * and the tick archives on the configured database, since the newest checkpoint unless `--full`; exits
 * 0 when they hold, 1 on any violation, 2 when it could not check. While a server holds the embedded
 * database, it checks through that server's operator API instead (admin only). The entry point
 * (ledger-check.ts) hands down what is checked with the ledger: the archives, which the market owns,
 * and the other capabilities' invariants.
 */
export async function runLedgerCheck(
  checkedWithLedgerOf: (config: Config) => CheckedWithLedger,
): Promise<never> {
  const config = loadConfig();
  let credentials: ReturnType<typeof readCredentials>;
  let scope: ReturnType<typeof readScope>;
  try {
    credentials = readCredentials(process.argv.slice(2), process.env);
    scope = readScope(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(
      "usage: npm run ledger:check [-- --full --username NAME --password PASSWORD --code 123456]",
    );
    process.exit(EXIT_NOT_CHECKED);
  }
  const plan = planLedgerCheck({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    hold: config.DATABASE_URL ? null : readHold(config.DATA_DIR),
    credentials,
  });

  const print = (where: string, report: LedgerCheckReport): number => {
    const lines = reportLines(where, report);
    console.log(lines.head);
    if (lines.archives) console.log(lines.archives);
    for (const line of lines.violations) console.error(line);
    console.log(lines.verdict);
    return lines.code;
  };

  if (plan.kind === "refuse") {
    console.error(plan.message);
    process.exit(EXIT_NOT_CHECKED);
  }

  if (plan.kind === "server") {
    try {
      const report = await checkThroughServer(plan.url, plan.credentials, scope);
      process.exit(print(`PGlite in ${config.DATA_DIR}, through the server at ${plan.url}`, report));
    } catch (error) {
      // Exit code 1 means a broken ledger, so nothing else may end the run with it.
      const why =
        error instanceof NotCheckedError
          ? error.message
          : `Checking through ${plan.url} failed: ${String(error)}`;
      console.error(`${why}\nThe ledger was not checked.`);
      process.exit(EXIT_NOT_CHECKED);
    }
  }

  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  let exitCode = EXIT_NOT_CHECKED;
  try {
    await migrateToLatest(db);
    const report = await checkLedgerInvariants(db, { since: scope, ...checkedWithLedgerOf(config) });
    exitCode = print(config.DATABASE_URL ? "PostgreSQL" : `PGlite in ${config.DATA_DIR}`, report);
    // The console's dashboard shows the last check, whoever ran it; a sound one is the next checkpoint.
    await recordLedgerCheck(db, systemClock, null, report, "cli");
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nThe ledger was not checked.`);
  } finally {
    await db.destroy();
  }
  // Set only after closing: PGlite's runtime resets process.exitCode when it shuts down.
  process.exit(exitCode);
}
