/**
 * The data `npm run bench -- growth` measures against: `days` of one product's history, written in bulk
 * (not through the API) with the database's triggers off for the writing session, and every rule the
 * triggers keep kept by construction: the ticks form one unbroken hash chain (hashed by the server's own
 * tickHash), their candles as the server's aggregation makes them; every contract's entry and exit
 * are recorded ticks and its result and payout follow from them; every cent moves through balanced
 * postings, each user entry carrying the balance after it and each account holding the sum of its
 * entries. What a day holds is fixed by MIX, so a year is 365 days of the same.
 */
import { sql } from "kysely";
import { systemAccountIds } from "../apps/server/src/ledger/service";
import { CATALOGUE } from "../apps/server/src/market/catalogue";
import { TICK_GENESIS_HASH, tickHash } from "../apps/server/src/market/hash";
import { formatScaled, parseScaled } from "../apps/server/src/market/prices";
import { seedCatalogue } from "../apps/server/src/market/seed";
import { summarizeTickTimes } from "../apps/server/src/market/tick-partitions";
import type { Db, Tx } from "../apps/server/src/platform/db";
import { exposurePlacedCtes } from "../apps/server/src/trading/exposure";
import { insertBulkUsers, seeded } from "./bulk-users";

/**
 * One product's day, in the proportions of the soak's mix (docs/reliability.md): a tick a second; a
 * 60-second contract on every 10th tick; about 1.3 chat messages per contract, alternately the user's
 * and support's; a deposit every 200 ticks, decided (refused, so no money moved) unless it came in the
 * last day. The same 1,000 users throughout, so a year is more history per user, not more users.
 */
export const MIX = {
  symbol: "BTC/USDT",
  users: 1_000,
  tickMs: 1_000,
  contractEveryTicks: 10,
  durationSeconds: 60,
  stakeMinor: 1_000n,
  chatEveryTicks: 8,
  depositEveryTicks: 200,
  /** Every user's opening grant: more than a year of stakes. */
  grantMinor: 100_000_000n,
  /** Contracts left open and due at the end, for the bench to settle one at a time. */
  dueContracts: 1_100,
} as const;

const TICKS_PER_DAY = 86_400_000 / MIX.tickMs;

/** The users numbered from 0 in id order: the contract, message or deposit k belongs to user k mod users. */
const numberedUsers = sql`(select id, row_number() over (order by id) - 1 as n from users)`;
const TICK_CHUNK = 100_000;

export interface GrowthData {
  ticks: number;
  users: bigint[];
  contracts: number;
  /** A settled contract from the middle of the history, and its user. */
  middleContract: { id: bigint; userId: bigint; entrySeq: bigint; exitSeq: bigint };
}

/** Writes inside one transaction whose triggers are off: the caller keeps what they would check. */
function bulk<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    return work(tx);
  });
}

export async function seedGrowth(
  db: Db,
  options: { days: number; endAt: Date; adminId: bigint; timeZone: string; log: (line: string) => void },
): Promise<GrowthData> {
  const { days, log } = options;
  let stepStarted = performance.now();
  const step = (what: string) => {
    const now = performance.now();
    log(`${what} in ${((now - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = now;
  };
  await seedCatalogue(db);
  const product = CATALOGUE.find((p) => p.symbol === MIX.symbol);
  if (!product) throw new Error(`${MIX.symbol} is not in the catalogue`);
  const rate = product.durations.find((d) => d.seconds === MIX.durationSeconds)?.payoutRateBps;
  if (rate === undefined) throw new Error(`${MIX.symbol} offers no ${MIX.durationSeconds} s contract`);

  const users = await seedUsers(db, options.endAt.getTime() - days * 86_400_000);
  step(`${MIX.users} users with their accounts and grants`);

  const tickCount = days * TICKS_PER_DAY;
  const end = Math.floor(options.endAt.getTime() / 1000) * 1000;
  const first = end - (tickCount - 1) * MIX.tickMs;
  const random = seeded(20_261_129);
  let price = Number(parseScaled(product.simulation.startPrice, product.precision));
  let prevHash = TICK_GENESIS_HASH;
  // The months the history spans, as the server makes them ahead of the ticks (decision 0082).
  await sql`select make_tick_month(${MIX.symbol}, m at time zone 'UTC')
    from generate_series(date_trunc('month', ${new Date(first)}::timestamptz at time zone 'UTC'),
      date_trunc('month', ${new Date(end)}::timestamptz at time zone 'UTC'), interval '1 month') as m`.execute(
    db,
  );
  // Node hashes the next chunk while PostgreSQL writes the last one.
  let writing: Promise<unknown> = Promise.resolve();
  for (let from = 1; from <= tickCount; from += TICK_CHUNK) {
    const to = Math.min(tickCount, from + TICK_CHUNK - 1);
    const prices: string[] = [];
    const hashes: string[] = [];
    for (let seq = from; seq <= to; seq++) {
      price = Math.max(1, Math.round(price * (1 + (random() - 0.5) * 0.0004)));
      prevHash = tickHash({
        prevHash,
        symbol: MIX.symbol,
        seq: BigInt(seq),
        time: new Date(first + (seq - 1) * MIX.tickMs),
        price: formatScaled(BigInt(price), product.precision),
      });
      prices.push(String(price));
      hashes.push(prevHash);
    }
    await writing;
    writing = bulk(db, (tx) =>
      sql`insert into ticks (symbol, seq, time, price, volume, hash)
        select ${MIX.symbol}, ${from - 1} + r.i, ${new Date(first)}::timestamptz + (${from - 2} + r.i) * ${`${MIX.tickMs} milliseconds`}::interval,
          r.p, 1, decode(r.h, 'hex')
        from unnest(${prices}::bigint[], ${hashes}::text[]) with ordinality as r(p, h, i)
        order by r.i`.execute(tx),
    );
    if (to % (TICK_CHUNK * 20) === 0 || to === tickCount) log(`  ${to.toLocaleString("en-US")} ticks`);
  }
  await writing;
  // As the server's job does every minute (the ticks were written faster than that).
  await summarizeTickTimes(db, new Date(first));
  step(`${tickCount.toLocaleString("en-US")} ticks`);
  await buildCandles(db, options.timeZone);
  step("their candles");

  const system = await systemAccountIds(db);
  // The last contracts are left due: entered in the last minutes, their exit tick recorded.
  const lastEntry = tickCount - (MIX.durationSeconds * 1000) / MIX.tickMs - 1;
  const dueFrom = lastEntry + 1 - MIX.dueContracts * MIX.contractEveryTicks;
  for (let day = 0; day < days; day++) {
    const from = day * TICKS_PER_DAY + 1;
    const to = Math.min(dueFrom - 1, from + TICKS_PER_DAY - 1);
    await bulk(db, async (tx) => {
      await writeContracts(tx, { from, to, rate, house: system.house, settled: true });
      await writeChat(tx, { from, to: from + TICKS_PER_DAY - 1, adminId: options.adminId });
    });
    if ((day + 1) % 30 === 0 || day + 1 === days) log(`  day ${day + 1}: contracts and chat`);
  }
  await bulk(db, (tx) =>
    writeContracts(tx, {
      from: dueFrom,
      to: lastEntry,
      rate,
      house: system.house,
      settled: false,
    }),
  );
  await writeOpenExposure(db);
  await writeDeposits(db, tickCount);
  step("contracts with their postings, chat and deposits");
  // A live database's old rows were vacuumed long ago; freshly written ones are not, and autovacuum
  // would visit every page of them (setting hint bits, writing the visibility map) in the minutes the
  // first operations are timed. Done here, as it would have been over the year, and flushed.
  await sql`vacuum (analyze)`.execute(db);
  // CHECKPOINT needs a superuser (or pg_checkpoint), which a DATABASE_URL may not be.
  await sql`checkpoint`.execute(db).catch((error: Error) => log(`  checkpoint skipped: ${error.message}`));
  step("vacuum, analyze and checkpoint");

  const counts = await sql<{ contracts: string }>`select count(*)::text as contracts from contracts`.execute(
    db,
  );
  const middle = await sql<{ id: bigint; user_id: bigint; entry_seq: bigint; exit_seq: bigint }>`
    select id, user_id, entry_seq, exit_seq from contracts
    where status = 'settled' and entry_seq >= ${Math.floor(tickCount / 2)} order by entry_seq limit 1`.execute(
    db,
  );
  const m = middle.rows[0];
  if (!m) throw new Error("no settled contract in the middle of the history");
  return {
    ticks: tickCount,
    users,
    contracts: Number(counts.rows[0]?.contracts ?? 0),
    middleContract: { id: m.id, userId: m.user_id, entrySeq: m.entry_seq, exitSeq: m.exit_seq },
  };
}

async function seedUsers(db: Db, at: number): Promise<bigint[]> {
  const since = new Date(at - 86_400_000);
  await insertBulkUsers(db, {
    count: MIX.users,
    prefix: "g",
    digits: 6,
    phoneArea: "136",
    code: "GROW",
    at: since,
  });
  await sql`insert into conversations (user_id, created_at) select id, ${since}::timestamptz from users`.execute(
    db,
  );
  const { demo_grants } = await systemAccountIds(db);
  await bulk(db, async (tx) => {
    await sql`insert into postings (kind, user_id, reference, created_at)
      select 'demo_grant', u.id, 'growth', ${since}::timestamptz from users u order by u.id`.execute(tx);
    await sql`insert into ledger_entries (posting_id, account_id, amount, balance_after, created_at)
      select p.id, v.account_id, v.amount, v.after, ${since}::timestamptz
      from postings p join accounts cash on cash.user_id = p.user_id and cash.kind = 'cash'
      cross join lateral (values (cash.id, ${MIX.grantMinor}::bigint, ${MIX.grantMinor}::bigint),
        (${demo_grants}::bigint, -${MIX.grantMinor}::bigint, null::bigint)) as v(account_id, amount, after)
      where p.kind = 'demo_grant'
      order by p.id, v.amount`.execute(tx);
    await moveBalances(tx);
  });
  const rows = await db.selectFrom("users").select("id").orderBy("id").execute();
  return rows.map((row) => row.id);
}

/** Sets every account's balance to the sum of its entries (what the disabled trigger would have done). */
async function moveBalances(tx: Tx): Promise<void> {
  await sql`update accounts a set balance = s.total
    from (select account_id, sum(amount) as total from ledger_entries group by account_id) s
    where s.account_id = a.id and a.balance <> s.total`.execute(tx);
}

/**
 * Contracts entered at every contractEveryTicks-th tick in [from, to], each by the next user in turn,
 * up and down alternately; settled ones with their exit tick (the entry's plus the duration), result,
 * stake and settle postings, and a house leg; open ones with their stake posting only.
 */
async function writeContracts(
  tx: Tx,
  c: { from: number; to: number; rate: number; house: bigint; settled: boolean },
): Promise<void> {
  const every = MIX.contractEveryTicks;
  const ticksAhead = (MIX.durationSeconds * 1000) / MIX.tickMs;
  await sql`create temporary table if not exists growth_batch (
      user_id bigint, cash bigint, frozen bigint, direction text, entry_seq bigint, entry_time timestamptz,
      entry_price bigint, entry_hash text, exit_seq bigint, exit_time timestamptz, exit_price bigint,
      exit_hash text, result text, payout bigint, stake_posting bigint, settle_posting bigint, contract_id bigint
    ) on commit drop`.execute(tx);
  await sql`insert into growth_batch
    select u.id, cash.id, frozen.id, case when (t.seq / ${every}) % 2 = 0 then 'up' else 'down' end,
      t.seq, t.time, t.price, encode(t.hash, 'hex'), x.seq, x.time, x.price, encode(x.hash, 'hex'), o.result,
      case o.result when 'win' then ${MIX.stakeMinor} * (10000 + ${c.rate}) / 10000 when 'draw' then ${MIX.stakeMinor}
        else 0 end,
      nextval('postings_id_seq'), case when ${c.settled} then nextval('postings_id_seq') end,
      nextval('contracts_id_seq')
    from ticks t
    join ticks x on x.symbol = t.symbol and x.seq = t.seq + ${ticksAhead}
    join ${numberedUsers} u on u.n = (t.seq / ${every}) % ${MIX.users}
    join accounts cash on cash.user_id = u.id and cash.kind = 'cash'
    join accounts frozen on frozen.user_id = u.id and frozen.kind = 'frozen_trade'
    cross join lateral (select case
        when x.price = t.price then 'draw'
        when (x.price > t.price) = ((t.seq / ${every}) % 2 = 0) then 'win' else 'lose' end as result) o
    where t.symbol = ${MIX.symbol} and t.seq between ${c.from} and ${c.to} and t.seq % ${every} = 0
    order by t.seq`.execute(tx);
  await sql`insert into postings (id, kind, user_id, reference, created_at)
    select p.id, p.kind, b.user_id, 'C' || lpad(b.contract_id::text, 10, '0'), p.at
    from growth_batch b cross join lateral (values
      (b.stake_posting, 'stake', b.entry_time - interval '500 milliseconds'),
      (b.settle_posting, case b.result when 'win' then 'payout' when 'lose' then 'stake_lost' else 'refund' end,
        b.exit_time + interval '1 second')) as p(id, kind, at)
    where p.id is not null order by p.id`.execute(tx);
  await sql`insert into contracts (id, user_id, symbol, direction, stake, duration_seconds, payout_rate_bps, status,
      accepted_at, entry_seq, entry_price, entry_time, entry_hash, expiry_at, exit_seq, exit_price, exit_time,
      exit_hash, result, payout, settled_at, stake_posting_id, settle_posting_id, payout_table_version)
    select contract_id, user_id, ${MIX.symbol}, direction, ${MIX.stakeMinor}, ${MIX.durationSeconds}, ${c.rate},
      case when ${c.settled} then 'settled' else 'open' end, entry_time - interval '500 milliseconds', entry_seq,
      entry_price, entry_time, entry_hash, entry_time + ${`${MIX.durationSeconds} seconds`}::interval,
      case when ${c.settled} then exit_seq end, case when ${c.settled} then exit_price end,
      case when ${c.settled} then exit_time end, case when ${c.settled} then exit_hash end,
      case when ${c.settled} then result end, case when ${c.settled} then payout end,
      case when ${c.settled} then exit_time + interval '1 second' end, stake_posting, settle_posting, 1
    from growth_batch order by contract_id`.execute(tx);
  // Entries in time order, each user entry with its running balance from the account's balance so far.
  await sql`insert into ledger_entries (posting_id, account_id, amount, balance_after, created_at)
    select e.posting_id, e.account_id, e.amount,
      case when e.user_entry then a.balance + sum(e.amount) over (partition by e.account_id order by e.at, e.posting_id, e.leg) end,
      e.at
    from (
      select b.stake_posting as posting_id, v.account_id, v.amount, v.leg, true as user_entry,
        b.entry_time - interval '500 milliseconds' as at
      from growth_batch b cross join lateral (values (b.cash, -${MIX.stakeMinor}::bigint, 1),
        (b.frozen, ${MIX.stakeMinor}::bigint, 2)) as v(account_id, amount, leg)
      union all
      select b.settle_posting, v.account_id, v.amount, v.leg, v.account_id <> ${c.house}, b.exit_time + interval '1 second'
      from growth_batch b cross join lateral (values (b.frozen, -${MIX.stakeMinor}::bigint, 1),
        (b.cash, b.payout, 2), (${c.house}::bigint, ${MIX.stakeMinor} - b.payout, 3)) as v(account_id, amount, leg)
      where b.settle_posting is not null and v.amount <> 0
    ) e join accounts a on a.id = e.account_id
    order by e.at, e.posting_id, e.leg`.execute(tx);
  await sql`update accounts a set balance = a.balance + s.total
    from (select e.account_id, sum(e.amount) as total from ledger_entries e
      where e.posting_id in (select stake_posting from growth_batch union all select settle_posting from growth_batch)
      group by e.account_id) s
    where s.account_id = a.id`.execute(tx);
  await sql`drop table growth_batch`.execute(tx);
}

/**
 * The exposure caps' running totals of the contracts left open, as placement keeps them (settled ones
 * were placed and released alike, so they add nothing): the ledger check holds the totals to the
 * contracts, and the timed settling releases from them.
 */
async function writeOpenExposure(db: Db): Promise<void> {
  await sql`with left_open as (select * from contracts where status in ('pending', 'open') and wallet = 'real'),
    ${exposurePlacedCtes("left_open")} select 1`.execute(db);
}

/** Chat messages at every chatEveryTicks-th tick, each in the next user's conversation in turn. */
async function writeChat(tx: Tx, c: { from: number; to: number; adminId: bigint }): Promise<void> {
  await sql`with m as (
      select cv.id as conversation_id, t.time, (t.seq / ${MIX.chatEveryTicks}) as k,
        cv.last_seq + row_number() over (partition by cv.id order by t.seq) as seq
      from ticks t
      join ${numberedUsers} u on u.n = (t.seq / ${MIX.chatEveryTicks}) % ${MIX.users}
      join conversations cv on cv.user_id = u.id
      where t.symbol = ${MIX.symbol} and t.seq between ${c.from} and ${c.to} and t.seq % ${MIX.chatEveryTicks} = 0
    ), written as (
      insert into chat_messages (conversation_id, seq, author, operator_id, body, created_at)
      select conversation_id, seq, case when k % 2 = 0 then 'user' else 'operator' end,
        case when k % 2 = 0 then null else ${c.adminId}::bigint end, 'growth message ' || k, time
      from m order by time
      returning conversation_id, seq, author, created_at
    )
    update conversations cv set last_seq = w.last_seq, last_message_at = w.last_at,
      waiting_since = case when w.last_author = 'user' then w.last_at end,
      user_read_seq = w.last_seq, support_read_seq = w.last_seq
    from (select conversation_id, max(seq) as last_seq, max(created_at) as last_at,
        (array_agg(author order by seq desc))[1] as last_author
      from written group by conversation_id) w
    where cv.id = w.conversation_id`.execute(tx);
}

/** A deposit every depositEveryTicks ticks: refused unless it came in the last day, then under review. */
async function writeDeposits(db: Db, tickCount: number): Promise<void> {
  const method = await sql<{ id: bigint }>`insert into deposit_methods (kind, names, bank_name, account_name,
      account_number, min_amount, max_amount, active, created_at, updated_at)
    values ('bank', '{"en":"Bank"}', 'Growth Bank', 'Tickfair', '6222000011112222', 100, 100000000, true, now(), now())
    returning id`.execute(db);
  await sql`insert into deposits (user_id, method_id, amount, reference, status, reason, second_approval_above,
      created_at)
    select u.id, ${method.rows[0]?.id}, 10000, 'growth ' || t.seq,
      case when t.seq > ${tickCount - TICKS_PER_DAY} then 'under_review' else 'failed' end,
      case when t.seq > ${tickCount - TICKS_PER_DAY} then null else 'growth' end, 5000000, t.time
    from ticks t
    join ${numberedUsers} u on u.n = (t.seq / ${MIX.depositEveryTicks}) % ${MIX.users}
    where t.symbol = ${MIX.symbol} and t.seq % ${MIX.depositEveryTicks} = 0
    order by t.seq`.execute(db);
}

/**
 * Every candle of the product's ticks, as aggregateCandles makes them: the minutes from the ticks, the
 * longer intervals from the minutes; days and weeks (Monday first) on `timeZone`'s clock.
 */
async function buildCandles(db: Db, timeZone: string): Promise<void> {
  await bulk(db, async (tx) => {
    await sql`insert into candles (symbol, period, bucket_start, open, high, low, close, volume, amount, tick_count,
        first_seq, last_seq)
      select b.symbol, '1m', b.bucket, f.price, b.high, b.low, l.price, b.volume, b.amount, b.n, b.first_seq, b.last_seq
      from (select symbol, date_bin('1 minute', time, 'epoch') as bucket, max(price) as high, min(price) as low,
          sum(volume) as volume, sum(price::numeric * volume) as amount, count(*) as n, min(seq) as first_seq,
          max(seq) as last_seq
        from ticks where symbol = ${MIX.symbol} group by 1, 2) b
      join ticks f on f.symbol = b.symbol and f.seq = b.first_seq
      join ticks l on l.symbol = b.symbol and l.seq = b.last_seq`.execute(tx);
    const longer = [
      ["5m", sql`date_bin('5 minutes', bucket_start, 'epoch')`],
      ["15m", sql`date_bin('15 minutes', bucket_start, 'epoch')`],
      ["30m", sql`date_bin('30 minutes', bucket_start, 'epoch')`],
      ["1h", sql`date_bin('1 hour', bucket_start, 'epoch')`],
      ["1d", sql`date_trunc('day', bucket_start, ${timeZone})`],
      ["1w", sql`date_trunc('week', bucket_start, ${timeZone})`],
    ] as const;
    for (const [period, bucket] of longer) {
      await sql`insert into candles (symbol, period, bucket_start, open, high, low, close, volume, amount,
          tick_count, first_seq, last_seq)
        select symbol, ${period}, ${bucket}, (array_agg(open order by first_seq))[1], max(high), min(low),
          (array_agg(close order by last_seq desc))[1], sum(volume), sum(amount), sum(tick_count), min(first_seq),
          max(last_seq)
        from candles where symbol = ${MIX.symbol} and period = '1m' group by 1, 3`.execute(tx);
    }
    await tx
      .insertInto("candle_calendar")
      .values({ time_zone: timeZone })
      .onConflict((c) => c.column("only_row").doUpdateSet({ time_zone: timeZone }))
      .execute();
  });
}
