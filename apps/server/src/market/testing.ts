import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { buildApp } from "../app";
import type { Clock, ManualClock } from "../platform/clock";
import type { Db } from "../platform/db";
import { createTestDb, type TestDb, testConfig } from "../test/harness";
import { CATALOGUE } from "./catalogue";
import { lastTicks } from "./chain-heads";
import { type ChainSettings, openChain } from "./fairness-open";
import type { FeedTick } from "./feed";
import { silentLog } from "./feed-runner";
import { seedCatalogue } from "./seed";
import { SyntheticFeed } from "./synthetic-feed";
import { recordTicks } from "./ticks";

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

/** A test chain's secret; tests that need another one say so. */
export const TEST_FAIRNESS_SECRET = new Uint8Array(32).fill(7);

/** Short epochs, so a test lives through several: ten one-second ticks each. */
export const TEST_CHAIN: ChainSettings = { epochMs: 10_000, tickMs: 1_000, length: 50 };

/** The synthetic feed a leader would run now: the chain opened (or made) and the missed epochs rolled. */
export async function openTestFeed(
  db: Db,
  clock: Clock,
  secret: Uint8Array = TEST_FAIRNESS_SECRET,
  settings: ChainSettings = TEST_CHAIN,
  next: Uint8Array | null = null,
): Promise<SyntheticFeed> {
  const opened = await openChain(db, clock.now(), secret, settings, CATALOGUE, silentLog, next);
  const lastRecorded = new Map([...(await lastTicks(db))].map(([symbol, last]) => [symbol, last.time]));
  const feed = new SyntheticFeed({ ...opened, db, clock, log: silentLog, lastRecorded });
  await feed.prepare(clock.now());
  return feed;
}

/** What the leader's timer does at `at`: advance the feed and record what it hands over. */
export async function tickAt(feed: SyntheticFeed, db: Db, clock: ManualClock, at: string | number) {
  clock.set(new Date(at));
  return recordTicks(db, await feed.advance(clock.now()));
}
