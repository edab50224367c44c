import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "../app";
import { testDatabaseUrl } from "../market/testing";
import type { ManualClock } from "../platform/clock";
import type { Config } from "../platform/config";
import type { Db } from "../platform/db";
import { createTestDb, type TestContext, type TestDb, testConfig } from "./harness";

export interface TwoProcesses {
  a: App;
  b: App;
  /** Process A as the fixtures see the app. */
  context: TestContext;
  /** ws://…/api/ws of one process. */
  socketUrl(app: App): string;
}

/**
 * Two server processes' apps on one PostgreSQL database, as behind a load balancer, for the describe
 * block it is called in: events one raises reach the other through LISTEN/NOTIFY.
 */
export function useTwoProcesses(
  clock: ManualClock,
  overrides: Partial<Config> = {},
  seed: (db: Db) => Promise<unknown> = async () => {},
): TwoProcesses {
  const pair = {
    socketUrl: (app: App) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`,
  };
  const processes = pair as TwoProcesses;
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
    await seed(testDb.db);
    const url = (await testDatabaseUrl(testDb.db)) ?? "";
    const config = testConfig({ DATABASE_URL: url, ...overrides });
    processes.a = await buildApp({ config, db: testDb.db, clock, logger: false });
    processes.b = await buildApp({ config, db: testDb.db, clock, logger: false });
    await processes.a.listen({ port: 0, host: "127.0.0.1" });
    await processes.b.listen({ port: 0, host: "127.0.0.1" });
    processes.context = { app: processes.a, db: testDb.db, clock, config };
  });
  afterAll(async () => {
    await processes.a?.close();
    await processes.b?.close();
    await testDb?.destroy();
  });
  return processes;
}
