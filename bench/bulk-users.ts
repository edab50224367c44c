/**
 * What benches that write their data in bulk share: users with their five accounts, and a seeded
 * random generator so every run writes the same data.
 */
import { USER_ACCOUNT_KINDS } from "@tickfair/contract";
import { sql } from "kysely";
import type { Db } from "../apps/server/src/platform/db";

/**
 * `count` users named `<prefix><n>` (n zero-padded to `digits`), phones `+86<phoneArea><n>` and opening
 * codes `<code><n>`, created at `at`, each with its five accounts at zero. No password hashes: benches
 * give their users sessions directly.
 */
export async function insertBulkUsers(
  db: Db,
  u: { count: number; prefix: string; digits: number; phoneArea: string; code: string; at: Date },
): Promise<void> {
  await sql`
    insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash, invite_code, created_at)
    select ${u.prefix} || lpad(g::text, ${u.digits}, '0'), ${`+86${u.phoneArea}`} || lpad(g::text, 8, '0'), 'CN',
      ${u.prefix} || g, 'bench-not-a-hash', 'bench-not-a-hash', ${u.code} || g, ${u.at}::timestamptz
    from generate_series(1, ${u.count}::int) g`.execute(db);
  await sql`
    insert into accounts (user_id, kind, balance, created_at)
    select u.id, k.kind, 0, ${u.at}::timestamptz
    from users u cross join unnest(${[...USER_ACCOUNT_KINDS]}::text[]) as k (kind)
    order by u.id`.execute(db);
}

/** A small seeded generator (mulberry32), so every run writes the same prices. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
