import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigrator, migrateToLatest } from "../platform/migrations";
import { createEmptyTestDb, type TestDb } from "../test/harness";
import { deviceOf } from "./device";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("a device's name", () => {
  it("joins the browser and the system by a sign no language has to translate", () => {
    expect(deviceOf(IPHONE_SAFARI)).toBe("Safari · iOS");
    expect(deviceOf(undefined)).toBeNull();
  });
});

/**
 * A database from when a device was "Safari on iOS": upgraded, every kept name reads the new way, so
 * the device is still the one the user knows (a sign-in from it is no new device).
 */
describe("a database from before, upgraded", () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createEmptyTestDb();
    const db = testDb.db;
    const partial = await createMigrator(db).migrateTo("0043_user_totp");
    if (partial.error) throw partial.error;
    await sql`insert into users (id, account, phone, phone_country, nickname, password_hash,
        pay_password_hash, invite_code)
      values (1, 'olduser1', '+8613900000001', 'CN', 'old', 'x', 'x', 'OLD00001')`.execute(db);
    await sql`insert into sessions (token_hash, user_id, last_seen_at, expires_at, device)
      values ('a', 1, now(), now(), 'Safari on iOS'), ('b', 1, now(), now(), 'Safari'),
             ('c', 1, now(), now(), null)`.execute(db);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await testDb?.destroy();
  });

  it("names each kept device the new way, and leaves the rest as they were", async () => {
    const sessions = await testDb.db.selectFrom("sessions").select("device").orderBy("token_hash").execute();
    expect(sessions.map((row) => row.device)).toEqual([deviceOf(IPHONE_SAFARI), "Safari", null]);
  });
});
