/**
 * One settlement worker as a process of its own, as a second server would run it: settles everything
 * due at `now` in batches, then exits. Used by the crash test (settlement.crash.test.ts), which kills
 * it with SIGKILL in the middle of a batch.
 *
 *   node --import tsx settlement-process.ts <database-url> <now-iso> <batch-size>
 */
import { createDb } from "../platform/db";
import { settleDueContracts } from "./settlement";

const [databaseUrl, nowText, batchText] = process.argv.slice(2);
if (!databaseUrl || !nowText || !batchText) {
  console.error("usage: settlement-process.ts <database-url> <now-iso> <batch-size>");
  process.exit(2);
}
const db = createDb({ databaseUrl, dataDir: null, poolSize: 1 });
const batchSize = Number(batchText);
let total = 0;
for (;;) {
  const settled = await settleDueContracts(db, new Date(nowText), batchSize);
  total += settled.length;
  // Tells the parent each committed batch, so it can tell committed work from work in flight.
  console.log(JSON.stringify({ committed: settled.length, total }));
  if (settled.length < batchSize) break;
}
await db.destroy();
process.exit(0);
