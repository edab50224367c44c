import type { Contract } from "@tickfair/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { placeContract } from "../test/trading-fixtures";
import { assignEntries } from "./service";
import { settleDueContracts } from "./settlement";

/*
 * The terms are the same for every user (ARCHITECTURE §5 "Risk, stated plainly"): no rate, spread or
 * probability anywhere depends on who trades — not on a long run of wins, nor on the credit score.
 */
const t = useTestApp({ PLATFORM_TZ: "UTC", RISK_FIGURE_WORKER_ENABLED: false, SESSION_IDLE_DAYS: 365 });
const BTC = "BTC/USDT";
const PRICE = 9_100_000n;
type Auth = Record<string, string>;

/** Places the same 10.00 "up" 60 s order for each user at one tick, and settles them all as won. */
async function tradeTogether(users: Auth[], at: string) {
  t.clock.set(at);
  const placed: Contract[] = [];
  for (const auth of users)
    placed.push(
      (
        await placeContract(t.app, auth, {
          symbol: BTC,
          direction: "up",
          stake: "10.00",
          durationSeconds: 60,
        })
      ).json<Contract>(),
    );
  const entry = t.clock.now().getTime() + 1000;
  await recordTicks(t.db, [
    feedTick(BTC, new Date(entry).toISOString(), PRICE),
    feedTick(BTC, new Date(entry + 60_000).toISOString(), PRICE + 50_000n),
    feedTick(BTC, new Date(entry + 61_000).toISOString(), PRICE + 50_000n),
  ]);
  t.clock.set(new Date(entry + 61_000));
  await assignEntries(t.db);
  const settled = await settleDueContracts(t.db, t.clock.now());
  return placed.map((contract) => {
    const outcome = settled.find((s) => String(s.id) === contract.id);
    return { payoutRateBps: contract.payoutRateBps, result: outcome?.result, payout: outcome?.payout };
  });
}

describe("one set of terms for everyone", () => {
  it("quotes a new user, a long-time winner with the lowest credit score and a visitor alike", async () => {
    const newcomer = await toppedUpUser(t, "1000.00");
    const winner = await toppedUpUser(t, "1000.00");
    // The winner's record: a run of wins, and the credit score at its floor.
    for (let i = 0; i < 6; i++) await tradeTogether([winner.auth], `2026-02-0${i + 1}T10:00:00Z`);
    const lowered = await sql`update users set credit_score = 0 where id = ${winner.userId}`.execute(t.db);
    expect(lowered.numAffectedRows).toBe(1n);

    t.clock.set("2026-02-09T10:00:00Z");
    await recordTicks(t.db, [feedTick(BTC, t.clock.now().toISOString(), PRICE)]);
    for (const path of ["", "/terms-history", "/expected-value"]) {
      const url = `/api/v1/market/products/BTC%2FUSDT${path}`;
      const answers = await Promise.all(
        [{}, newcomer.auth, winner.auth].map((headers) => t.app.inject({ url, headers })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size, url).toBe(1);
    }

    // The same order at the same tick: the same rate, version and payout.
    const [mine, theirs] = await tradeTogether([newcomer.auth, winner.auth], "2026-02-10T10:00:00Z");
    expect(mine).toEqual({ payoutRateBps: 8500, result: "win", payout: 1850n });
    expect(theirs).toEqual(mine);
    const versions = await t.db.selectFrom("contracts").select("payout_table_version").distinct().execute();
    expect(versions).toEqual([{ payout_table_version: 1 }]);
  });

  it("has no table where a rate, spread or probability could be set per user", async () => {
    // Every column that could hold a contract's price for someone, and the tables that hold one: whole
    // words of a column's name, so a word that merely contains one ("acknowledged") is no match.
    const { rows } = await sql<{ table_name: string; columns: string[] }>`
      select table_name, array_agg(column_name::text order by column_name) as columns
      from information_schema.columns
      where table_schema = current_schema()
      group by table_name
      having bool_or(column_name ~ '(^|_)(payout_rate|payout_table|spread|odds|probab[a-z]*|margin|edge|bias|handicap|win_rate|vip|tier)(_|$)')
        or table_name = 'product_terms'`.execute(t.db);
    const perUser = rows.filter((row) =>
      row.columns.some((column) => /^(user|account|operator)(_id)?$/.test(column)),
    );
    // Only contracts, each keeping a copy of the rate it was placed at for its own settlement.
    expect(perUser.map((row) => row.table_name)).toEqual(["contracts"]);
    expect(rows.map((row) => row.table_name).toSorted()).toEqual([
      "contracts",
      "product_durations",
      "product_terms",
      "products",
    ]);
    // And none of the terms' tables points at a user by a foreign key either.
    const { rows: keys } = await sql<{ table_name: string }>`
      select distinct c.conrelid::regclass::text as table_name from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'users'::regclass
        and c.conrelid::regclass::text in ('products', 'product_durations', 'product_terms')`.execute(t.db);
    expect(keys).toEqual([]);
    // Each contract's copy is its version's published rate for its duration, whoever placed it.
    const { rows: strays } = await sql<{ id: string }>`
      select c.id::text from contracts c
      join product_terms pt on pt.symbol = c.symbol and pt.version = c.payout_table_version
      where not exists (select 1 from jsonb_to_recordset(pt.durations) as d(seconds int, "payoutRateBps" int)
                        where d.seconds = c.duration_seconds and d."payoutRateBps" = c.payout_rate_bps)`.execute(
      t.db,
    );
    expect(strays).toEqual([]);
    const checked = await sql<{ n: number }>`
      select count(*)::int as n from contracts where payout_table_version is not null`.execute(t.db);
    expect(checked.rows[0]?.n).toBeGreaterThan(0);
  });
});
