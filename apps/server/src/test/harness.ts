import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { type App, buildApp } from "../app";
import { checkLedgerInvariants } from "../ledger/invariants";
import { ManualClock } from "../platform/clock";
import { type Config, loadConfig } from "../platform/config";
import { createDb, type Db } from "../platform/db";
import { migrateToLatest } from "../platform/migrations";
import { checkSavingsInvariants } from "../savings/invariants";
import { checkExposureInvariants } from "../trading/invariants";

export interface TestDb {
  db: Db;
  destroy(): Promise<void>;
}

/**
 * A fresh, empty database: in-memory PGlite, or — when the suite runs on PostgreSQL — a new database on
 * the TEST_DATABASE_URL server, dropped afterwards.
 */
export function createEmptyTestDb(): Promise<TestDb> {
  return openTestDb();
}

/**
 * A fresh, migrated database per test file, started from the one the run migrated once
 * (`migrated-database.ts`); migrated here from empty where a run has none.
 */
export async function createTestDb(): Promise<TestDb> {
  const testDb = await openTestDb(inject("migratedDatabase"));
  await migrateToLatest(testDb.db);
  return testDb;
}

/** A new database, empty or copied from `migrated` (a PGlite dump file or a PostgreSQL template's name). */
async function openTestDb(migrated?: string): Promise<TestDb> {
  if (process.env.TEST_DB !== "postgres") {
    const pgliteDump = migrated ? new Blob([fs.readFileSync(migrated)]) : undefined;
    const db = createDb({ dataDir: null, ...(pgliteDump ? { pgliteDump } : {}) });
    return { db, destroy: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `tickfair_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${migrated}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString(), dataDir: null, poolSize: 30 });
  return {
    db,
    async destroy() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A database from `create` for one test file, destroyed after it; `db` is there once the tests run. */
export function useTestDb(create: () => Promise<TestDb> = createTestDb): { db: Db } {
  const context = {} as { db: Db };
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await create();
    context.db = testDb.db;
  });
  afterAll(async () => {
    await testDb?.destroy();
  });
  return context;
}

const TEST_BLOB_DIR = path.join(os.tmpdir(), `tickfair-test-blobs-${process.pid}`);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: "unused",
      LOG_LEVEL: "silent",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      // Tests record ticks, settle contracts and pay savings by hand, on a manual clock.
      FEED_ENABLED: "false",
      TRADING_WORKER_ENABLED: "false",
      SAVINGS_WORKER_ENABLED: "false",
      RISK_FIGURE_WORKER_ENABLED: "false",
      SOLVENCY_WORKER_ENABLED: "false",
      CONTENT_PUBLISHER_ENABLED: "false",
      PUSH_WORKER_ENABLED: "false",
      RETENTION_WORKER_ENABLED: "false",
      TICK_ARCHIVE_AFTER_DAYS: "0",
      // ID photos in a folder of this test process; ID numbers under fixed test keys.
      BLOB_DIR: TEST_BLOB_DIR,
      ID_NUMBER_KEYS: `test:${Buffer.alloc(32, 7).toString("base64")}`,
      ID_NUMBER_INDEX_KEY: Buffer.alloc(32, 9).toString("base64"),
    }),
    DEMO_MODE: true,
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  db: Db;
  clock: ManualClock;
  config: Config;
}

/**
 * Builds the app on a fresh database for one test file, and checks the ledger's invariants after
 * every test, so no test can leave money in an impossible state unnoticed.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  const context = {} as TestContext;
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
    context.db = testDb.db;
    context.clock = new ManualClock();
    context.config = testConfig(overrides);
    context.app = await buildApp({
      config: context.config,
      db: context.db,
      clock: context.clock,
      logger: false,
    });
    await context.app.ready();
  });
  afterEach(async () => {
    const report = await checkLedgerInvariants(context.db);
    expect(report.violations).toEqual([]);
    expect(await checkSavingsInvariants(context.db)).toEqual([]);
    expect(await checkExposureInvariants(context.db)).toEqual([]);
  });
  afterAll(async () => {
    await context.app?.close();
    await testDb?.destroy();
  });
  return context;
}
