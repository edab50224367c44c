import type { PostingKind } from "@tickfair/contract";
import { sql } from "kysely";
import { openUserAccounts, post, userAccountIds } from "../ledger/service";
import { upsertCandles } from "../market/candle-store";
import { CATALOGUE } from "../market/catalogue";
import { TICK_GENESIS_HASH, tickHash } from "../market/hash";
import { formatScaled } from "../market/prices";
import { durationRows, productRow } from "../market/seed";
import type { ManualClock } from "../platform/clock";
import type { Db } from "../platform/db";
import { hashPassword } from "../platform/passwords";

// What upgrade.test.ts writes and compares. BEFORE is its starting migration, 0012_contract_order_number:
// these write rows the way the services of that release did.

/** Every table's rows as text, less the columns the upgrade is meant to move or add. */
export const SNAPSHOT: Record<string, readonly string[]> = {
  users: [
    "nationality",
    "failed_logins",
    "throttled_until",
    "sign_in_locked_at",
    "sign_in_locked_by",
    "sign_in_lock_reason",
    "accepted_agreement_version",
    "accepted_privacy_version",
  ],
  operators: [
    "failed_logins",
    "throttled_until",
    "totp_secret",
    "totp_enrolled_at",
    "totp_last_step",
    "disabled_at",
  ],
  invite_codes: [],
  accounts: [],
  postings: [],
  ledger_entries: [],
  settings: [],
  deposit_methods: ["name", "names", "instructions"],
  deposits: ["second_approval_above"],
  withdrawals: [],
  products: [
    "min_live_sources",
    "halt_silent_sources",
    "payout_table_version",
    "spike_sigmas",
    "source_tolerance_bps",
    "anomaly_window_from",
    "halt_anomaly_id",
  ],
  product_durations: [],
  // 0050_tick_hash_bytes keeps each hash as bytes and drops prev_hash; verifyChain checks both after.
  ticks: ["prev_hash", "hash"],
  candles: [],
  contracts: ["payout_table_version", "wallet"],
};

/** Rows the upgrade adds on purpose, left out of the comparison: the practice account's system accounts. */
const ADDED: Record<string, string> = { accounts: "kind not in ('practice_bank', 'practice_house')" };

export async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const [table, moved] of Object.entries(SNAPSHOT)) {
    const less = sql.raw(moved.map((column) => ` - '${column}'`).join(""));
    const result = await sql<{ row: string }>`
      select (to_jsonb(t)${less})::text as row from ${sql.table(table)} t
      where ${sql.raw(ADDED[table] ?? "true")} order by 1`.execute(db);
    tables[table] = result.rows.map((row) => row.row);
  }
  return tables;
}

/** A tick as the schema before 0050_tick_hash_bytes held it: its predecessor's hash beside its own, as hex. */
export interface TickBefore {
  symbol: string;
  seq: bigint;
  time: Date;
  price: bigint;
  volume: bigint;
  prev_hash: string;
  hash: string;
}

/** `prices.length` ticks of one product a second apart from `from`, chained from the genesis hash. */
export function chainBefore(
  symbol: string,
  precision: number,
  from: Date,
  prices: readonly bigint[],
): TickBefore[] {
  let prevHash = TICK_GENESIS_HASH;
  return prices.map((price, index) => {
    const tick = {
      symbol,
      seq: BigInt(index + 1),
      time: new Date(from.getTime() + index * 1000),
      price,
      volume: 3n,
    };
    const hash = tickHash({ ...tick, prevHash, price: formatScaled(price, precision) });
    const row = { ...tick, prev_hash: prevHash, hash };
    prevHash = hash;
    return row;
  });
}

/** Writes ticks as the feed did before 0050, in SQL: today's schema has no prev_hash and keeps bytes. */
export async function insertTicksBefore(db: Db, ticks: readonly TickBefore[]): Promise<void> {
  const rows = ticks.map(
    (t) => sql`(${t.symbol}, ${t.seq}, ${t.time}, ${t.price}, ${t.volume}, ${t.prev_hash}, ${t.hash})`,
  );
  await sql`insert into ticks (symbol, seq, time, price, volume, prev_hash, hash)
    values ${sql.join(rows)}`.execute(db);
}

/**
 * Three BTC/USDT ticks a second apart from `from`, chained and folded into candles as the feed of
 * BEFORE recorded them, in SQL: today's recordTicks reads product columns that schema has not got.
 */
export async function ticksRecordedBefore(db: Db, from: Date): Promise<void> {
  const ticks = chainBefore(
    "BTC/USDT",
    2,
    from,
    [0n, 1n, 2n].map((second) => 6_500_000n + second),
  );
  await insertTicksBefore(db, ticks);
  await upsertCandles(db, ticks, "UTC", ["1m", "5m", "15m", "1h", "1d"]);
}

/**
 * A user as registration wrote one at BEFORE (its own code, its accounts, the code it came by used
 * once), in SQL: today's service also writes the nationality, which that schema has no column for.
 */
export async function registeredBefore(
  db: Db,
  clock: ManualClock,
  user: { account: string; phone: string },
): Promise<bigint> {
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword("secret-pass1"),
    hashPassword("246810"),
  ]);
  return db.transaction().execute(async (tx) => {
    const now = clock.now();
    await sql`update invite_codes set uses = uses + 1 where code = 'UPGRADE1'`.execute(tx);
    const ownCode = `OWN${user.phone.slice(-5)}`;
    const { rows } = await sql<{ id: bigint }>`
      insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash,
        invite_code, invited_by, created_at)
      values (${user.account}, ${user.phone}, 'CN', ${user.account}, ${passwordHash}, ${payPasswordHash},
        ${ownCode}, 'UPGRADE1', ${now})
      returning id`.execute(tx);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no user ${user.account}`);
    await sql`insert into invite_codes (code, owner_user_id, max_uses, created_at)
      values (${ownCode}, ${id}, null, ${now})`.execute(tx);
    await openUserAccounts(tx, id, now);
    return id;
  });
}

/** A posting that moves `amount` from one account to another. */
export function transfer(
  tx: Parameters<typeof post>[0],
  at: Date,
  posting: { kind: PostingKind; userId: bigint; reference?: string },
  from: bigint,
  to: bigint,
  amount: bigint,
) {
  return post(tx, {
    ...posting,
    legs: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
    at,
  });
}

/**
 * A contract as placement wrote one at BEFORE (its stake moved cash → frozen_trade by a posting named by
 * its order number, the contract pending), in SQL: today's placement also adds to the quarter-hour
 * totals, which that schema has no table for.
 */
export async function contractPlacedBefore(db: Db, at: Date, userId: bigint, stake: bigint): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { rows } = await sql<{ id: bigint }>`
      select nextval(pg_get_serial_sequence('contracts', 'id')) as id`.execute(tx);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error("no contract id");
    const accounts = await userAccountIds(tx, userId);
    const posting = { kind: "stake" as const, userId, reference: `C${String(id).padStart(10, "0")}` };
    const postingId = await transfer(tx, at, posting, accounts.cash, accounts.frozen_trade, stake);
    await sql`insert into contracts (id, user_id, symbol, direction, stake, duration_seconds, payout_rate_bps,
        status, accepted_at, stake_posting_id)
      values (${id}, ${userId}, 'BTC/USDT', 'up', ${stake}, 60, 8500, 'pending', ${at}, ${postingId})`.execute(
      tx,
    );
  });
}

/** The catalogue as the seed wrote it at BEFORE: products and their durations, no terms' versions. */
export async function catalogueBefore(db: Db): Promise<void> {
  await db.insertInto("products").values(CATALOGUE.map(productRow)).execute();
  await db.insertInto("product_durations").values(CATALOGUE.flatMap(durationRows)).execute();
}
