import { PGlite } from "@electric-sql/pglite";
import { LIST_TOTAL_CAP } from "@tickfair/contract";
import { type CompiledQuery, Kysely, sql } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchUsers } from "./auth/user-search";
import { listDepositsForReview } from "./cashier/deposits";
import { listFundRecords } from "./cashier/fund-records";
import { listWithdrawalsForReview } from "./cashier/withdrawals";
import { systemAccountIds } from "./ledger";
import { userStatement } from "./ledger/statement";
import { limitFiguresView, operatorUserLimitsView } from "./limits/operator-views";
import { PGLITE_EXTENSIONS } from "./platform/db";
import { migrateToLatest } from "./platform/migrations";
import type { Database } from "./platform/schema";

/**
 * The console's budget, as query plans: the first page of a queue, a user search and a user's statement
 * (and the user's own fund records, the same entries seen from the app) read a bounded number of rows
 * however many lie behind them. Each runs here against tables of many
 * thousand rows, its every statement is explained with ANALYZE, and no scan of a large table may be
 * sequential or touch (return or filter out) more rows than a page needs. `npm run bench -- console`
 * times the same pages at 100 and 100,000 rows on PostgreSQL.
 */

const USERS = 20_000;
/** Deposits, and as many withdrawals: the queues' history. */
const DEPOSITS = 20_000;
const ENTRIES = 5_000;
/**
 * The heavy user's ledger postings, one in INTERLEAVE of everyone's, then LATER_POSTINGS of other users
 * (OTHERS of them) only: a long history in which that user's are a small part, as in production.
 */
const HEAVY_POSTINGS = 1_000;
const INTERLEAVE = 20;
const LATER_POSTINGS = 20_000;
const OTHERS = 2_000;
const LIMIT = 20;
const TZ = "Asia/Shanghai";
/** The most rows a scan may touch for one page: the statement reads five accounts' ranges of limit + 1. */
const BOUND = 5 * (LIMIT + 1);
const LARGE = new Set([
  "users",
  "deposits",
  "withdrawals",
  "ledger_entries",
  "postings",
  "accounts",
  "limit_changes",
]);

let pglite: PGlite;
let db: Kysely<Database>;
let captured: CompiledQuery[] = [];
let heavyUser = 0n;

beforeAll(async () => {
  pglite = new PGlite({ parsers: { 20: (value: string) => BigInt(value) }, extensions: PGLITE_EXTENSIONS });
  db = new Kysely<Database>({
    dialect: new PGliteDialect(pglite),
    log: (event) => {
      if (event.level === "query") captured.push(event.query);
    },
  });
  await migrateToLatest(db);
  await sql`insert into users (account, phone, phone_country, nickname, password_hash, pay_password_hash,
      invite_code, invited_by, created_at)
    select 'user' || g, '+86139' || lpad(g::text, 8, '0'), 'CN', 'user' || g, 'x', 'x',
      'C' || lpad(g::text, 7, '0'), case when g % 2 = 0 then 'DEMO2026' end, now()
    from generate_series(1, ${USERS}) g`.execute(db);
  await sql`insert into accounts (user_id, kind, balance, created_at)
    select u.id, k.kind, 0, now() from users u
    cross join unnest(array['cash', 'frozen_trade', 'frozen_withdrawal', 'savings_pending', 'savings_confirmed']) k(kind)`.execute(
    db,
  );
  const firstUser = sql`(select min(id) from users)`;
  heavyUser = (
    await db.selectFrom("users").select("id").where("account", "=", "user77").executeTakeFirstOrThrow()
  ).id;
  await db.transaction().execute(async (tx) => {
    const system = await systemAccountIds(tx);
    // The heavy user's postings among many others' (one in INTERLEAVE), then only others' after them,
    // as a long history has it: a plan that walks the newest entries filtering by account reads all of
    // those before the heavy user's first page, and many for each later one.
    await sql`insert into postings (kind, user_id, reference, created_at)
      select 'demo_grant', case when g % ${INTERLEAVE} = 0 and g <= ${HEAVY_POSTINGS * INTERLEAVE}
        then ${heavyUser} else ${firstUser} + 1000 + g % ${OTHERS} end, 'seed', now()
      from generate_series(1, ${HEAVY_POSTINGS * INTERLEAVE + LATER_POSTINGS}) g
      order by g`.execute(tx);
    await sql`insert into ledger_entries (posting_id, account_id, amount, balance_after, created_at)
      select p.id, coalesce(v.account_id, c.id), v.amount, case when v.account_id is null then p.k * 100 end, now()
      from (select id, user_id, row_number() over (partition by user_id order by id) as k from postings) p
      join accounts c on c.user_id = p.user_id and c.kind = 'cash'
      cross join (values (null::bigint, 100::bigint), (${system.demo_grants}::bigint, -100::bigint))
        as v(account_id, amount)
      order by p.id, v.amount`.execute(tx);
  });
  const method = await sql<{ id: bigint }>`insert into deposit_methods (kind, names, bank_name, account_name,
      account_number, min_amount, max_amount, active, created_at, updated_at)
    values ('bank', '{"en":"Bank"}', 'Bank', 'Tickfair', '1', 100, 100000000, true, now(), now())
    returning id`.execute(db);
  // The queue's waiting deposits are the oldest tenth: a plan walking the newest first would read them all.
  // Spread over every user, as real requests are: a search by user then reads that user's few rows.
  await sql`insert into deposits (user_id, method_id, amount, reference, status, second_approval_above, created_at)
    select ${firstUser} + g % ${USERS}, ${method.rows[0]?.id}, 1000, 'seed', case when g <= ${DEPOSITS / 10} then 'under_review'
      else 'failed' end, 0, now()
    from generate_series(1, ${DEPOSITS}) g`.execute(db);
  const account = await sql<{ id: bigint }>`insert into withdrawal_accounts (user_id, type, account_name,
      bank_name, card_number, bound_at)
    values (${heavyUser}, 'bank', 'Seed', 'Bank', '6222000011112222', now()) returning id`.execute(db);
  await sql`insert into withdrawals (user_id, withdrawal_account_id, amount, fee, status, created_at)
    select ${firstUser} + g % ${USERS}, ${account.rows[0]?.id}, 1000, 0, case when g <= ${DEPOSITS / 10} then 'under_review'
      else 'failed' end, now()
    from generate_series(1, ${DEPOSITS}) g`.execute(db);
  // Every user set a limit once; the heavy user changed theirs thousands of times.
  await sql`insert into trading_limits (user_id, updated_at) select id, now() from users`.execute(db);
  await sql`insert into limit_values (user_id, kind, value)
    select id, 'stake_day', 10000 from users`.execute(db);
  await sql`insert into limit_changes (user_id, kind, to_value, requested_at, applies_at)
    select id, 'stake_day', 10000, now(), now() from users`.execute(db);
  await sql`insert into limit_changes (user_id, kind, to_value, requested_at, applies_at)
    select ${heavyUser}, 'stake_day', g, now(), now() from generate_series(1, ${ENTRIES}) g`.execute(db);
  // Statistics from every row rather than a random sample of 30,000: with sampled ones the planner's
  // choice between two plans of near cost changed from run to run.
  await sql`set default_statistics_target = 1000`.execute(db);
  await sql`analyze`.execute(db);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

interface Scan {
  /** Whether the statement counts a list's total (bounded by LIST_TOTAL_CAP, not by a page). */
  totals: boolean;
  type: string;
  relation: string;
  index: string | undefined;
  touched: number;
}

function scansOf(node: PlanNode, totals: boolean, out: Scan[] = []): Scan[] {
  if (node["Relation Name"] !== undefined) {
    const loops = node["Actual Loops"] ?? 1;
    out.push({
      totals,
      type: node["Node Type"],
      relation: node["Relation Name"],
      index: node["Index Name"],
      touched: ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * loops,
    });
  }
  for (const child of node.Plans ?? []) scansOf(child, totals, out);
  return out;
}

/** Runs `read`, then explains (with ANALYZE) each statement it sent: the scans of the large tables. */
async function scansOfRead(read: (db: Kysely<Database>) => Promise<unknown>): Promise<Scan[]> {
  captured = [];
  await read(db);
  const scans: Scan[] = [];
  for (const query of captured) {
    const result = await pglite.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${query.sql}`,
      [...query.parameters],
    );
    const plan = result.rows[0]?.["QUERY PLAN"][0]?.Plan;
    const totals = query.sql.includes("count(*) as total");
    if (
      process.env.DEBUG_PLANS &&
      (JSON.stringify(result.rows).includes("Seq Scan") ||
        JSON.stringify(result.rows).includes("ledger_entries_pkey"))
    )
      console.log(
        query.sql,
        query.parameters.map(String).join(", "),
        JSON.stringify(result.rows[0]?.["QUERY PLAN"][0]?.Plan, (k, v) =>
          [
            "Node Type",
            "Relation Name",
            "Index Name",
            "Actual Rows",
            "Plans",
            "Filter",
            "Index Cond",
            "Rows Removed by Filter",
            "Actual Loops",
            "Join Type",
            "Subplan Name",
            "Parent Relationship",
          ].includes(k) ||
          /^\d+$/.test(k) ||
          k === ""
            ? v
            : undefined,
        ),
      );
    if (plan) scans.push(...scansOf(plan, totals).filter((scan) => LARGE.has(scan.relation)));
  }
  return scans;
}

/**
 * A page's statements read no large table whole and touch at most a page's rows; a list's total
 * counts at most LIST_TOTAL_CAP + 1 rows, however many match.
 */
function expectBounded(scans: Scan[]): void {
  const page = scans.filter((scan) => !scan.totals);
  expect(page.length).toBeGreaterThan(0);
  expect(page.filter((scan) => scan.type === "Seq Scan")).toEqual([]);
  expect(page.filter((scan) => scan.touched > BOUND)).toEqual([]);
  expect(scans.filter((scan) => scan.totals && scan.touched > LIST_TOTAL_CAP + 1)).toEqual([]);
}

// Its database is its own PGlite on either project: the PostgreSQL project would repeat the same run.
describe.skipIf(process.env.TEST_DB === "postgres")(
  "the console's pages read a page's worth of rows, whatever lies behind them",
  () => {
    it("a user search that finds a few users, by phone digits, name, account or opening code", async () => {
      // One user in a hundred gave a name for verification.
      await sql`insert into verification_photos (id, user_id, blob_key, thumbnail_key, width, height, size, created_at)
      values ('00000000-0000-4000-8000-000000000001', ${heavyUser}, 'k', 't', 1, 1, 1, now())`.execute(db);
      await sql`insert into verifications (user_id, state, name, id_number_encrypted, id_number_index,
        id_number_masked, nationality, front_photo_id, back_photo_id, submitted_at)
      select id, 'under_review', 'Zhang Wei' || id, 'x', 'x' || id, '****', 'CN',
        '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', now()
      from users where id % 100 = 0`.execute(db);
      await sql`analyze verifications`.execute(db);
      for (const query of ["12345678", "139 0000 7777", "Wei400", "user7777", "c0000077", "nobody"]) {
        const scans = await scansOfRead((db) => searchUsers(db, { q: query, limit: LIMIT }, TZ));
        expectBounded(scans);
      }
      const newest = await scansOfRead((db) => searchUsers(db, { limit: LIMIT }, TZ));
      expectBounded(newest);
      const lastWeek = await scansOfRead((db) =>
        searchUsers(db, { limit: LIMIT, from: "2026-01-01", to: "2026-01-07" }, TZ),
      );
      expectBounded(lastWeek);
    });

    it("a search that matches most users pages them newest first and counts them only up to the cap", async () => {
      const page = await searchUsers(db, { q: "user1", limit: LIMIT }, TZ);
      expect(page.items).toHaveLength(LIMIT);
      expect(page.items.every((user) => user.account.startsWith("user1"))).toBe(true);
      expect(page).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
      const next = await searchUsers(db, { q: "user1", limit: LIMIT, cursor: page.nextCursor ?? "" }, TZ);
      expect(Number(next.items[0]?.id)).toBeLessThan(Number(page.items.at(-1)?.id));
    });

    it("a user's ledger statement, first page and a later one", async () => {
      const first = await userStatement(db, heavyUser, { limit: LIMIT });
      expect(first.items).toHaveLength(LIMIT);
      expectBounded(await scansOfRead((db) => userStatement(db, heavyUser, { limit: LIMIT })));
      const cursor = first.nextCursor ?? "";
      expectBounded(await scansOfRead((db) => userStatement(db, heavyUser, { limit: LIMIT, cursor })));
    });

    it("a user's fund records, first page and a later one", async () => {
      const first = await listFundRecords(db, heavyUser, { limit: LIMIT });
      expect(first.items).toHaveLength(LIMIT);
      expectBounded(await scansOfRead((db) => listFundRecords(db, heavyUser, { limit: LIMIT })));
      const cursor = first.nextCursor ?? "";
      expectBounded(await scansOfRead((db) => listFundRecords(db, heavyUser, { limit: LIMIT, cursor })));
    });

    it("a user's limit history, first page and a later one; the limit figures read no history", async () => {
      const none = { day: 0n, "7d": 0n, "30d": 0n };
      const usage = { trading: { staked: none, lost: none, openPositions: 0n }, deposited: none };
      const now = new Date();
      const read = (cursor?: string) => (db: Kysely<Database>) =>
        operatorUserLimitsView(db, heavyUser, usage, { limit: LIMIT, cursor }, now);
      const first = await read()(db);
      expect(first.history.items).toHaveLength(LIMIT);
      expectBounded(await scansOfRead(read()));
      expectBounded(await scansOfRead(read(first.history.nextCursor ?? "")));
      expect(await scansOfRead((db) => limitFiguresView(db, now))).toEqual([]);
    });

    it("the first page of the deposits and withdrawals queues, waiting or all, searched or not", async () => {
      // Another user than the one who asked for every deposit: the search narrows by the user's index.
      const searched = { q: "139 0000 0078", from: "2020-01-01", to: "2099-12-31" };
      for (const status of ["under_review", undefined] as const) {
        for (const filters of [{}, searched, { q: "D0000000042" }]) {
          const query = { status, limit: LIMIT, ...filters };
          expectBounded(await scansOfRead((db) => listDepositsForReview(db, query, "en", TZ)));
          expectBounded(await scansOfRead((db) => listWithdrawalsForReview(db, query, TZ)));
        }
        const deposits = await scansOfRead((db) =>
          listDepositsForReview(db, { status, limit: LIMIT }, "en", TZ),
        );
        expectBounded(deposits);
        expect(deposits.some((scan) => scan.relation === "deposits" && scan.index !== undefined)).toBe(true);
        const withdrawals = await scansOfRead((db) =>
          listWithdrawalsForReview(db, { status, limit: LIMIT }, TZ),
        );
        expectBounded(withdrawals);
      }
    });
  },
);
