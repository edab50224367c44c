/**
 * A snapshot writer as a process of its own, as a second server would run it, for the crash test
 * (snapshot.crash.test.ts): starts the day's snapshot, says so once its first rows are written inside
 * the transaction, and waits to be killed with SIGKILL before committing.
 *
 *   node --import tsx snapshot-process.ts <database-url> <day> <cutoff-iso>
 */
import { createDb } from "../platform/db";
import { takeSnapshot } from "./snapshot";

const [databaseUrl, day, cutoffText] = process.argv.slice(2);
if (!databaseUrl || !day || !cutoffText) {
  console.error("usage: snapshot-process.ts <database-url> <day> <cutoff-iso>");
  process.exit(2);
}
const db = createDb({ databaseUrl, dataDir: null, poolSize: 1 });
const cutoff = new Date(cutoffText);
await takeSnapshot(db, {
  day,
  cutoff,
  now: () => cutoff,
  onChunk: async (written) => {
    console.log(JSON.stringify({ inFlight: written.leaves }));
    await new Promise(() => {});
  },
});
