import { parseArgs } from "node:util";
import { takeBackup } from "./backup";
import { BackupRefusal } from "./backup-files";
import { loadConfig } from "./config";

/**
 * `npm run backup -- --out DIR`: the configured database (through the server that holds an embedded
 * one), the private blobs and the data folder's secrets, with a manifest. Exits 0 when the backup is
 * whole, 2 when it refused (the message says why), 1 when it failed.
 */
const { values } = parseArgs({ options: { out: { type: "string" } }, strict: true });
if (!values.out) {
  console.error("usage: npm run backup -- --out DIR");
  process.exit(2);
}
let code = 0;
try {
  const { manifest, via } = await takeBackup(loadConfig(), values.out);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`Backed up ${via}`);
  console.log(
    `  schema ${manifest.schemaVersion}, ${manifest.files.length} files, ${bytes} bytes, into ${values.out}`,
  );
  if (manifest.blobs === "s3")
    console.log(
      "  The blobs are in the S3 bucket, which is backed up on its own (docs/operations.md, Backups).",
    );
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\nNo backup was made.`);
  code = error instanceof BackupRefusal ? 2 : 1;
}
// Set only after closing: PGlite's runtime resets process.exitCode when it shuts down.
process.exit(code);
