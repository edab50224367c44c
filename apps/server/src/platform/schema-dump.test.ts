import fs from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createTestDb } from "../test/harness";
import { dumpSchema, generateSchema, SCHEMA_FILE } from "./schema-dump";

const STALE = "docs/schema.sql is not what the migrations build: run `npm run schema:dump` and commit it";

describe("docs/schema.sql", () => {
  it("is what the migrations build, read back from the catalogue", async () => {
    const generated = await generateSchema();
    const written = await fs.readFile(SCHEMA_FILE, "utf8").catch(() => "(docs/schema.sql is missing)");
    expect(written, STALE).toBe(generated);
  });

  // One dialect: the timeline builds the same schema on the PostgreSQL server as on PGlite.
  it.runIf(process.env.TEST_DB === "postgres")(
    "is the schema the migrations build on PostgreSQL",
    async () => {
      const testDb = await createTestDb();
      try {
        expect(await dumpSchema(testDb.db)).toBe(await generateSchema());
      } finally {
        await testDb.destroy();
      }
    },
  );
});
