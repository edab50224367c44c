import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../app";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { createTestDb, type TestDb, testConfig } from "../test/harness";
import type { FeedTick } from "./feed";
import { seedCatalogue } from "./seed";

/** A fresh, migrated test database with the market's catalogue. */
export async function createMarketTestDb(): Promise<TestDb> {
  const testDb = await createTestDb();
  await seedCatalogue(testDb.db);
  return testDb;
}

/** The connection string of a PostgreSQL test database (null on PGlite). */
export async function testDatabaseUrl(db: Db): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !adminUrl) return null;
  const result = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(adminUrl);
  url.pathname = `/${result.rows[0]?.name ?? ""}`;
  return url.toString();
}

export const onPostgres = () => process.env.TEST_DB === "postgres";

/** The whole app (feed off) on a test database, for the market routes. */
export async function buildMarketTestApp(db: Db, clock: Clock): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), db, clock, logger: false });
  await app.ready();
  return app;
}

/** A feed tick from readable values. */
export function feedTick(symbol: string, time: string, price: bigint, volume = 0n): FeedTick {
  return { symbol, time: new Date(time), price, volume };
}
