/**
 * An accrual worker as a process of its own, as a second server would run it, for the crash test
 * (accrual.crash.test.ts): commits one batch, then pays a second batch inside a transaction it never
 * commits, says so, and waits to be killed with SIGKILL.
 *
 *   node --import tsx accrual-process.ts <database-url> <yesterday> <batch-size> <now-iso>
 */
import { createDb } from "../platform/db";
import { accrueHeldSavers, claimSaversBehind } from "./accrual";
import { readRateHistory } from "./rates";

const [databaseUrl, yesterday, batchText, nowText] = process.argv.slice(2);
if (!databaseUrl || !yesterday || !batchText || !nowText) {
  console.error("usage: accrual-process.ts <database-url> <yesterday> <batch-size> <now-iso>");
  process.exit(2);
}
const db = createDb({ databaseUrl, dataDir: null, poolSize: 1 });
const batchSize = Number(batchText);
const at = new Date(nowText);
const history = await readRateHistory(db);
const committed = await db
  .transaction()
  .execute(async (tx) =>
    accrueHeldSavers(tx, await claimSaversBehind(tx, yesterday, batchSize), history, at),
  );
console.log(JSON.stringify({ committed: committed.savers }));
await db.transaction().execute(async (tx) => {
  const step = await accrueHeldSavers(tx, await claimSaversBehind(tx, yesterday, batchSize), history, at);
  console.log(JSON.stringify({ inFlight: step.savers }));
  await new Promise(() => {});
});
