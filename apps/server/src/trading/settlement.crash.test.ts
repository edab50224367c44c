import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { feedTick, onPostgres, testDatabaseUrl } from "../market/testing";
import { recordTicks } from "../market/ticks";
import { demoTopUp } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { placeContract } from "../test/trading-fixtures";
import { assignEntries } from "./service";
import { settleDueContracts } from "./settlement";

const t = useTestApp({ FEED_ENABLED: false });
const WORKER = path.join(import.meta.dirname, "settlement-process.ts");
const APP_NAME = "tickfair-settle-crash";

async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Settles in a separate process, the way a second server would; resolves with it and its reported batches. */
function startWorker(url: string, now: Date, batchSize: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", WORKER, url, now.toISOString(), String(batchSize)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const committed: number[] = [];
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    for (const line of chunk.split("\n").filter(Boolean)) committed.push(JSON.parse(line).committed);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => resolve(signal ?? code)),
  );
  return { child, committed, exited, stderr: () => stderr };
}

function kill(child: ChildProcess): void {
  child.kill("SIGKILL");
}

describe.skipIf(!onPostgres())("settlement across a crash (PostgreSQL)", () => {
  it("keeps committed batches settled once, and the batch in flight when killed -9 is settled once by the next worker", async () => {
    const databaseUrl = await testDatabaseUrl(t.db);
    if (!databaseUrl) throw new Error("no database url");
    const start = t.clock.now();
    const at = (ms: number) => new Date(start.getTime() + ms);

    // Four users, fifty 10.00 up orders each, placed user after user: contract ids run A…, B…, X…, D….
    const users = [];
    for (let u = 0; u < 4; u++) {
      const user = await registerAndLogin(t);
      await demoTopUp(t.app, user.auth, "1000.00");
      for (let i = 0; i < 50; i++) {
        await placeContract(t.app, user.auth, {
          symbol: "BTC/USDT",
          direction: "up",
          stake: "10.00",
          durationSeconds: 60,
        });
      }
      users.push(user);
    }
    await recordTicks(t.db, [feedTick("BTC/USDT", at(1_000).toISOString(), 9_500_000n)]);
    expect(await assignEntries(t.db)).toHaveLength(200);
    await recordTicks(t.db, [
      feedTick("BTC/USDT", at(61_000).toISOString(), 9_510_000n),
      feedTick("BTC/USDT", at(62_000).toISOString(), 9_400_000n),
    ]);
    const now = at(62_000);

    // Settlement never waits on a row another transaction holds (it skips it), so this test makes the
    // batch of user X wait by hand: a trigger of this test database holds any statement writing X's
    // postings on an advisory lock another session keeps. The worker's third batch (X's contracts)
    // claims them, writes its journal, and waits there inside its transaction — where it is killed.
    const x = users[2];
    if (!x) throw new Error("no user X");
    const HOLD = 4_242;
    await sql
      .raw(`create function hold_batch_of_x() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from written where user_id = ${x.userId}) then
          perform pg_advisory_xact_lock(${HOLD});
        end if;
        return null;
      end $$`)
      .execute(t.db);
    await sql`create trigger hold_batch_of_x after insert on postings referencing new table as written
      for each statement execute function hold_batch_of_x()`.execute(t.db);
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query("select pg_advisory_lock($1)", [HOLD]);

    const url = new URL(databaseUrl);
    url.searchParams.set("application_name", APP_NAME);
    const worker = startWorker(url.toString(), now, 50);
    const waitingOnLock = async () => {
      const result = await blocker.query(
        "select count(*)::int as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
        [APP_NAME],
      );
      return result.rows[0].n === 1;
    };
    await until("the worker to commit two batches and wait in its third", async () => {
      if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.stderr()}`);
      return worker.committed.length === 2 && (await waitingOnLock());
    });
    expect(worker.committed).toEqual([50, 50]);
    kill(worker.child);
    expect(await worker.exited).toBe("SIGKILL");

    // Let the orphaned server session run into its dead client and roll back.
    await blocker.query("select pg_advisory_unlock($1)", [HOLD]);
    await until("the killed worker's session to end", async () => {
      const result = await blocker.query(
        "select count(*)::int as n from pg_stat_activity where application_name = $1",
        [APP_NAME],
      );
      return result.rows[0].n === 0;
    });
    await blocker.end();
    await sql`drop trigger hold_batch_of_x on postings`.execute(t.db);
    await sql`drop function hold_batch_of_x()`.execute(t.db);

    const statuses = async () =>
      t.db
        .withTables<{ contracts: { user_id: bigint; status: string } }>()
        .selectFrom("contracts")
        .select(["user_id", "status"])
        .execute();
    const before = await statuses();
    const settledOf = (rows: typeof before, userId: bigint) =>
      rows.filter((row) => row.user_id === userId && row.status === "settled").length;
    expect(users.map((u) => settledOf(before, u.userId))).toEqual([50, 50, 0, 0]);

    // The next worker settles the rest, X's batch included, once.
    let more = 0;
    for (;;) {
      const settled = await settleDueContracts(t.db, now, 50);
      more += settled.length;
      if (settled.length < 50) break;
    }
    expect(more).toBe(100);
    const after = await statuses();
    expect(users.map((u) => settledOf(after, u.userId))).toEqual([50, 50, 50, 50]);

    const postings = await t.db
      .selectFrom("postings")
      .select(["reference"])
      .where("kind", "in", ["payout", "stake_lost", "refund"])
      .execute();
    expect(postings).toHaveLength(200);
    expect(new Set(postings.map((p) => p.reference)).size).toBe(200);
    // 1000 − 50 × 10 + 50 × 18.50 (60 s: 8500 bps) for everyone.
    for (const user of users) {
      expect(await userBalances(t.db, user.userId)).toMatchObject({ cash: 142_500n, frozen_trade: 0n });
    }
  }, 90_000);
});
