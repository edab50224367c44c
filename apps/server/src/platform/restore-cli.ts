import { parseArgs } from "node:util";
import { restoreBackup } from "./backup";
import { BackupRefusal } from "./backup-files";
import { loadConfig } from "./config";

/**
 * `npm run restore -- --from DIR`: a backup into the configured database and folders, which must be
 * empty; a server started on them afterwards migrates an older schema as usual. Exits 0 when restored,
 * 2 when it refused (damaged, newer schema, target not empty), 1 when it failed.
 */
const { values } = parseArgs({ options: { from: { type: "string" } }, strict: true });
if (!values.from) {
  console.error("usage: npm run restore -- --from DIR");
  process.exit(2);
}
let code = 0;
try {
  const manifest = await restoreBackup(loadConfig(), values.from);
  console.log(
    `Restored the ${manifest.database} backup of ${manifest.createdAt} (schema ${manifest.schemaVersion}).`,
  );
  console.log("Start the server, then run npm run ledger:check.");
} catch (error) {
  const refused = error instanceof BackupRefusal;
  const after = refused
    ? "Nothing was restored."
    : "The restore did not finish: empty the target before trying again.";
  console.error(`${error instanceof Error ? error.message : String(error)}\n${after}`);
  code = refused ? 2 : 1;
}
process.exit(code);
