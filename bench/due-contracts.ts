/**
 * The third part of `npm run bench -- trading`, set up: contracts that are honestly due, the way
 * placement and the feed would have left them, only written in bulk.
 */

import { sql } from "kysely";
import { systemAccountIds, writeLegs } from "../apps/server/src/ledger/service";
import { CATALOGUE } from "../apps/server/src/market/catalogue";
import type { FeedTick } from "../apps/server/src/market/feed";
import { parseScaled } from "../apps/server/src/market/prices";
import { seedCatalogue } from "../apps/server/src/market/seed";
import { recordTicks } from "../apps/server/src/market/ticks";
import type { Db } from "../apps/server/src/platform/db";
import { assignEntries } from "../apps/server/src/trading/service";
import { insertBulkUsers, seeded } from "./bulk-users";

export interface DueSettings {
  contracts: number;
  /** Each user holds one contract of each duration, all expiring in the same second. */
  users: number;
  /** Contracts written per statement. */
  chunk: number;
}

export interface DueSetup {
  contracts: number;
  users: number;
  grantMinor: bigint;
  expirySecond: string;
  ticks: number;
  setupSeconds: number;
}

/**
 * Sets up `contracts` contracts that are honestly due, the way placement and the feed would have left
 * them, only written in bulk: users with their accounts and a granted balance (postings from
 * demo_grants); recorded ticks of the crypto products every second from before the longest duration's
 * entry until two seconds past expiry; for each contract a `stake` posting (cash → frozen_trade, through
 * the ledger's triggers) and a pending contract accepted half a second before its entry tick; then the
 * real assignEntries gives each its entry and expiry. Each user holds one contract of each duration
 * (300/180/60/30 s, accepted at different times), so all of them expire in the same second.
 */
export async function setupDueContracts(
  db: Db,
  c: DueSettings,
  log: (message: string) => void = () => {},
): Promise<DueSetup> {
  const started = performance.now();
  let stepStarted = started;
  const step = (what: string) => {
    const now = performance.now();
    log(`${what} in ${((now - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = now;
  };
  const random = seeded(20_261_121);
  await seedCatalogue(db);

  const products = CATALOGUE.filter((p) => p.schedule === "always");
  const rates = await sql<{ symbol: string; seconds: number; payout_rate_bps: number }>`
    select symbol, seconds, payout_rate_bps from product_durations`.execute(db);
  const rateOf = (symbol: string, seconds: number) => {
    const row = rates.rows.find((r) => r.symbol === symbol && r.seconds === seconds);
    if (!row) throw new Error(`${symbol} offers no ${seconds} s duration`);
    return row.payout_rate_bps;
  };
  const durations = [300, 180, 60, 30];
  const longest = Math.max(...durations);

  // Expiry second E: a little in the past, so every contract is due and its exit tick is final.
  const expiry = Math.floor(Date.now() / 1000) * 1000 - 20_000;
  const offsetOf = (index: number) => 100 + 250 * index;
  const ticks: FeedTick[] = [];
  products.forEach((product, index) => {
    let price = Number(parseScaled(product.simulation.startPrice, product.precision));
    for (let s = -(longest + 2); s <= 2; s++) {
      price = Math.max(1, Math.round(price * (1 + (random() - 0.5) * 0.001)));
      ticks.push({
        symbol: product.symbol,
        time: new Date(expiry + s * 1000 + offsetOf(index)),
        price: BigInt(price),
        volume: 1n,
      });
    }
  });
  const stored = await recordTicks(db, ticks);
  if (stored.length !== ticks.length) throw new Error(`recorded ${stored.length} of ${ticks.length} ticks`);
  step(`${stored.length} ticks recorded`);

  // Users, their five accounts, and a grant each that covers every stake they will hold.
  const maxStakeMinor = 10_000;
  const perUser = Math.ceil(c.contracts / c.users);
  const grantMinor = BigInt(perUser * maxStakeMinor + 10_000);
  const at = new Date(expiry - (longest + 60) * 1000);
  await insertBulkUsers(db, { count: c.users, prefix: "s", digits: 7, phoneArea: "137", code: "SETTLE", at });
  step(`${c.users} users and their accounts`);
  // Fresh statistics after each bulk step, as autovacuum keeps them on a live server: without them
  // the ledger's balance trigger plans a scan of all entries for every posting a statement touches.
  const analyze = async () => {
    for (const table of ["postings", "ledger_entries", "accounts", "contracts"]) {
      await sql.raw(`analyze ${table}`).execute(db);
    }
  };
  // A grant per user, shaped like a demo top-up: one posting demo_grants → cash, a few thousand a statement.
  const { demo_grants } = await systemAccountIds(db);
  for (let first = 1; first <= c.users; first += 5_000) {
    await sql`
      with granted as (
        insert into postings (kind, user_id, created_at)
        select 'demo_grant', u.id, ${at}::timestamptz
        from (select id from users order by id offset ${first - 1} limit 5000) u
        returning id, user_id
      ), legs as (
        select granted.id as posting_id, leg.account_id, leg.amount, 0 as seq
        from granted
        join accounts cash on cash.user_id = granted.user_id and cash.kind = 'cash'
        cross join lateral (values (cash.id, ${grantMinor}::bigint), (${demo_grants}::bigint, ${-grantMinor}::bigint))
          as leg (account_id, amount)
      ), ${writeLegs(at)}
      select count(*) from granted`.execute(db);
    await analyze();
  }
  step(`${c.users} grants posted`);
  const userIds = (
    await sql<{ id: string }>`select id::text as id from users order by id`.execute(db)
  ).rows.map((row) => row.id);

  // The contracts in the order they were placed: longest duration first; in each duration, the users
  // in a shuffled order, each on a random crypto product, direction and stake.
  interface Spec {
    user: string;
    symbol: string;
    direction: "up" | "down";
    stake: number;
    duration: number;
    rate: number;
    accepted: string;
  }
  const specs: Spec[] = [];
  const perDuration = Math.ceil(c.contracts / durations.length);
  for (const [group, duration] of durations.entries()) {
    // The next perDuration users round the list, shuffled: with as many users as contracts of one
    // duration, each user holds one contract of each; with more, the groups are different users.
    const order = Array.from({ length: perDuration }, (_, n) => (group * perDuration + n) % userIds.length);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (let n = 0; n < perDuration && specs.length < c.contracts; n++) {
      const productIndex = Math.floor(random() * products.length);
      const product = products[productIndex];
      const user = userIds[order[n] ?? 0];
      if (!product || !user) throw new Error("no product or user");
      // Half a second before the entry tick, which lands exactly `duration` seconds before expiry.
      const entry = expiry - duration * 1000 + offsetOf(productIndex);
      specs.push({
        user,
        symbol: product.symbol,
        direction: random() < 0.5 ? "up" : "down",
        stake: 1_000 + 100 * Math.floor(random() * 91),
        duration,
        rate: rateOf(product.symbol, duration),
        accepted: new Date(entry - 500).toISOString(),
      });
    }
  }

  // Each chunk in one statement: the stake postings with their entries (the triggers move the
  // balances and check each posting balances), then the pending contracts naming them.
  for (let i = 0; i < specs.length; i += c.chunk) {
    const chunk = specs.slice(i, i + c.chunk);
    await sql`
      with spec as materialized (
        select nextval(pg_get_serial_sequence('contracts', 'id')) as id, s.*
        from unnest(${chunk.map((s) => s.user)}::bigint[], ${chunk.map((s) => s.symbol)}::text[],
          ${chunk.map((s) => s.direction)}::text[], ${chunk.map((s) => s.stake)}::bigint[],
          ${chunk.map((s) => s.duration)}::int[], ${chunk.map((s) => s.rate)}::int[],
          ${chunk.map((s) => s.accepted)}::timestamptz[])
          as s (user_id, symbol, direction, stake, duration_seconds, payout_rate_bps, accepted_at)
      ), posted as (
        insert into postings (kind, user_id, reference, created_at)
        select 'stake', spec.user_id, 'C' || lpad(spec.id::text, 10, '0'), spec.accepted_at from spec
        returning id, reference
      ), legs as (
        select posted.id as posting_id, leg.account_id, leg.amount, 0 as seq
        from spec
        join posted on posted.reference = 'C' || lpad(spec.id::text, 10, '0')
        join accounts cash on cash.user_id = spec.user_id and cash.kind = 'cash'
        join accounts held on held.user_id = spec.user_id and held.kind = 'frozen_trade'
        cross join lateral (values (cash.id, -spec.stake), (held.id, spec.stake)) as leg (account_id, amount)
      ), ${writeLegs(at)}
      insert into contracts (id, user_id, symbol, direction, stake, duration_seconds, payout_rate_bps,
        status, accepted_at, stake_posting_id)
      select spec.id, spec.user_id, spec.symbol, spec.direction, spec.stake, spec.duration_seconds,
        spec.payout_rate_bps, 'pending', spec.accepted_at, posted.id
      from spec join posted on posted.reference = 'C' || lpad(spec.id::text, 10, '0')`.execute(db);
    await analyze();
  }
  // What placement adds up as it writes contracts (the limits' quarter-hour totals), for all of them.
  await sql`
    insert into trading_placed_quarters (user_id, quarter_from, staked, placed)
    select user_id, quarter_of(accepted_at), sum(stake), count(*) from contracts group by 1, 2`.execute(db);
  step(`${specs.length} stakes posted and contracts written`);

  // The entries, by the server's own code: the first tick after acceptance, expiry = entry + duration.
  for (;;) {
    const assigned = await assignEntries(db);
    if (assigned.length === 0) break;
  }
  step("entries assigned");
  const state = await sql<{ open: string; total: string; seconds: string; first: Date | null }>`
    select count(*) filter (where status = 'open')::text as open, count(*)::text as total,
      count(distinct date_trunc('second', expiry_at))::text as seconds, min(expiry_at) as first
    from contracts`.execute(db);
  const row = state.rows[0];
  if (Number(row?.open) !== c.contracts || Number(row?.total) !== c.contracts || Number(row?.seconds) !== 1) {
    throw new Error(
      `setup left ${row?.open} of ${row?.total} contracts open over ${row?.seconds} expiry seconds`,
    );
  }
  // What autovacuum would have done by now after this many writes: fresh statistics for the planner.
  for (const table of [
    "contracts",
    "postings",
    "ledger_entries",
    "accounts",
    "ticks",
    "trading_placed_quarters",
  ]) {
    await sql.raw(`vacuum analyze ${table}`).execute(db);
  }
  step("vacuum analyze");
  return {
    contracts: c.contracts,
    users: c.users,
    grantMinor,
    expirySecond: row?.first ? new Date(Math.floor(row.first.getTime() / 1000) * 1000).toISOString() : "",
    ticks: stored.length,
    setupSeconds: (performance.now() - started) / 1000,
  };
}
