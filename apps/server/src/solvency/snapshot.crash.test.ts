import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { onPostgres, testDatabaseUrl } from "../market/testing";
import { toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { takeSnapshot } from "./snapshot";

const t = useTestApp({ PLATFORM_TZ: "Asia/Shanghai" });
const WRITER = path.join(import.meta.dirname, "snapshot-process.ts");

/** Advisory locks anyone holds in this test's database. */
async function advisoryLocksHeld(): Promise<number | undefined> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks where locktype = 'advisory'
      and database = (select oid from pg_database where datname = current_database())`.execute(t.db);
  return rows[0]?.n;
}

describe.skipIf(!onPostgres())("the snapshot across two processes and a crash (PostgreSQL)", () => {
  it("leaves the day to the process writing it, and nothing of it when that process is killed -9", async () => {
    const databaseUrl = await testDatabaseUrl(t.db);
    if (!databaseUrl) throw new Error("no database url");
    t.clock.set(new Date("2026-03-03T10:00:00+08:00"));
    for (const amount of ["1.00", "2.00", "3.00"]) await toppedUpUser(t, amount);
    const day = "2026-03-03";
    const cutoff = new Date("2026-03-04T00:00:00+08:00");

    const child = spawn(
      process.execPath,
      ["--import", "tsx", WRITER, databaseUrl, day, cutoff.toISOString()],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const inFlight = new Promise<unknown>((resolve, reject) => {
      child.stdout
        .setEncoding("utf8")
        .on("data", (chunk: string) => resolve(JSON.parse(chunk.split("\n")[0] ?? "")));
      child.on("exit", (code) => reject(new Error(`writer exited (${code}) before writing: ${stderr}`)));
    });
    expect(await inFlight).toEqual({ inFlight: 3 });

    // Another process meanwhile: the day is being written, so it leaves it alone.
    const meanwhile = await takeSnapshot(t.db, { day, cutoff, now: () => cutoff });
    expect(meanwhile).toEqual({ taken: false, day, reason: "busy" });

    const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    // The server lets go of the killed writer's lock once it sees the connection gone; nothing of its
    // run is left, and the next run takes the day whole, once.
    await expect.poll(advisoryLocksHeld).toBe(0);
    for (const table of ["solvency_snapshots", "solvency_leaves", "solvency_nodes"] as const)
      expect(await t.db.selectFrom(table).select("day").execute(), table).toEqual([]);
    const taken = await takeSnapshot(t.db, { day, cutoff, now: () => cutoff });
    expect(taken).toMatchObject({ taken: true, day, users: 3, totalMinor: 600n });
    const rows = await t.db.selectFrom("solvency_snapshots").select(["day", "users"]).execute();
    expect(rows).toEqual([{ day, users: 3 }]);
  });
});
