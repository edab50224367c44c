import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigrator, migrateToLatest } from "../platform/migrations";
import { createEmptyTestDb, type TestDb } from "../test/harness";
import { termsVersions } from "./terms";

/**
 * A database from before the terms were stored, with a product whose history the audit log holds (a
 * stake change, which did not move the version then, a rate change that did, another stake change) and
 * one never changed: upgraded, each gets the versions the audit log can vouch for.
 */
const BEFORE = "0033_payout_table_version";
let testDb: TestDb;

const audited = (symbol: string, at: string, before: object, after: object) =>
  sql`insert into audit_log (action, target_type, target_id, reason, detail, created_at)
    values ('market.product.update', 'product', ${symbol}, 'review',
      ${JSON.stringify({ before, after })}::jsonb, ${at}::timestamptz)`.execute(testDb.db);

/** AAA/USD's rates before and after its one rate change. */
const V1 = [
  { seconds: 60, payoutRateBps: 8500 },
  { seconds: 300, payoutRateBps: 9000 },
];
const V2 = [
  { seconds: 60, payoutRateBps: 8600 },
  { seconds: 300, payoutRateBps: 9000 },
];
/** A version rebuilt by the upgrade, as the terms history lists it. */
const rebuilt = (
  version: number,
  effectiveFrom: string,
  durations: typeof V1,
  minStake: string,
  maxStake: string,
) => ({ version, effectiveFrom, durations, minStake, maxStake, reconstructed: true });

beforeAll(async () => {
  testDb = await createEmptyTestDb();
  const partial = await createMigrator(testDb.db).migrateTo(BEFORE);
  if (partial.error) throw partial.error;
  const db = testDb.db;
  await sql`insert into products (symbol, category, names, price_precision, volume_precision, schedule,
      min_stake, max_stake, created_at, payout_table_version)
    values ('AAA/USD', 'fx', '{}', 5, 2, 'fx_week', 2000, 200000, '2026-01-01T00:00:00Z', 2),
           ('BBB/USD', 'fx', '{}', 5, 2, 'fx_week', 1000, 100000, '2026-01-01T00:00:00Z', 1)`.execute(db);
  await sql`insert into product_durations (symbol, seconds, payout_rate_bps)
    values ('AAA/USD', 60, 8600), ('AAA/USD', 300, 9000), ('BBB/USD', 60, 8500)`.execute(db);
  const stakes = (min: string, max: string) => ({ status: "open", minStake: min, maxStake: max });
  await audited("AAA/USD", "2026-01-02T00:00:00Z", stakes("10.00", "1000.00"), stakes("20.00", "1000.00"));
  await audited(
    "AAA/USD",
    "2026-01-03T00:00:00Z",
    { ...stakes("20.00", "1000.00"), durations: V1, payoutTableVersion: 1 },
    { ...stakes("20.00", "1000.00"), durations: V2, payoutTableVersion: 2 },
  );
  await audited("AAA/USD", "2026-01-04T00:00:00Z", stakes("20.00", "1000.00"), stakes("20.00", "2000.00"));
  await migrateToLatest(db);
});
afterAll(async () => {
  await testDb?.destroy();
});

describe("terms stored from before versions were kept", () => {
  it("rebuilds each version's rates and opening stake limits, and opens a version for today's terms", async () => {
    const { items } = await termsVersions(testDb.db, "AAA/USD");
    expect(items.toReversed()).toEqual([
      rebuilt(1, "2026-01-01T00:00:00.000Z", V1, "10.00", "1000.00"),
      rebuilt(2, "2026-01-03T00:00:00.000Z", V2, "20.00", "1000.00"),
      // The stake change of 2026-01-04 made no version then: today's terms are one from the upgrade.
      rebuilt(3, expect.any(String), V2, "20.00", "2000.00"),
    ]);
    const versions = await sql<{ symbol: string; payout_table_version: number }>`
      select symbol, payout_table_version from products order by symbol`.execute(testDb.db);
    expect(versions.rows).toEqual([
      { symbol: "AAA/USD", payout_table_version: 3 },
      { symbol: "BBB/USD", payout_table_version: 1 },
    ]);
  });

  it("gives a product never changed its one version, as it is today", async () => {
    const { items } = await termsVersions(testDb.db, "BBB/USD");
    expect(items).toEqual([
      rebuilt(1, "2026-01-01T00:00:00.000Z", [{ seconds: 60, payoutRateBps: 8500 }], "10.00", "1000.00"),
    ]);
  });
});
