import fs from "node:fs/promises";
import { generateSchema, SCHEMA_FILE } from "./schema-dump";

/**
 * `npm run schema:dump`: rewrites docs/schema.sql from a freshly migrated database's catalogue (run it
 * after adding a migration; a test fails until it is). With `--stdout` it prints the schema instead.
 */
const schema = await generateSchema();
if (process.argv.includes("--stdout")) {
  process.stdout.write(schema);
} else {
  await fs.writeFile(SCHEMA_FILE, schema);
  process.stderr.write(`Wrote docs/schema.sql (${schema.split("\n").length - 1} lines)\n`);
}
