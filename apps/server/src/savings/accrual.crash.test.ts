import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { onPostgres, testDatabaseUrl } from "../market/testing";
import { key, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { accrueDueSavings } from "./accrual";

const t = useTestApp();
const WORKER = path.join(import.meta.dirname, "accrual-process.ts");

describe.skipIf(!onPostgres())("the accrual job across a crash (PostgreSQL)", () => {
  it("keeps the committed batch paid once, and the batch in flight when killed -9 is paid once by the next run", async () => {
    const databaseUrl = await testDatabaseUrl(t.db);
    if (!databaseUrl) throw new Error("no database url");
    t.clock.set(new Date("2026-03-02T10:00:00+08:00"));
    const savers: bigint[] = [];
    for (let i = 0; i < 9; i++) {
      const saver = await toppedUpUser(t, "5000.00");
      const moved = await postWithKey(
        t.app,
        "/api/v1/savings/move-in",
        saver.auth,
        { amount: "5000.00" },
        key(),
      );
      expect(moved.statusCode).toBe(201);
      savers.push(saver.userId);
    }
    const yesterday = "2026-03-03";
    t.clock.set(new Date("2026-03-04T00:05:00+08:00"));

    const child = spawn(
      process.execPath,
      ["--import", "tsx", WORKER, databaseUrl, yesterday, "4", t.clock.now().toISOString()],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const said: { committed?: number; inFlight?: number }[] = [];
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const inFlight = new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        for (const line of chunk.split("\n").filter(Boolean)) {
          said.push(JSON.parse(line));
          if (said.at(-1)?.inFlight !== undefined) resolve();
        }
      });
      child.on("exit", (code) =>
        reject(new Error(`worker exited (${code}) before its second batch: ${stderr}`)),
      );
    });
    await inFlight;
    expect(said).toEqual([{ committed: 4 }, { inFlight: 4 }]);
    const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    // Only the committed batch's step (03-02, nothing confirmed yet) happened; the next run does the rest.
    const run = await accrueDueSavings(t.db, { yesterday, batchSize: 4, now: () => t.clock.now() });
    expect(run.savers).toBe(9 + 9 - 4);
    const rows = await sql<{ user_id: bigint; days: string; paid: string }>`
      select user_id, string_agg(day::text, ',' order by day) as days, sum(income)::text as paid
      from savings_accruals where user_id = any(${`{${savers.join(",")}}`}::bigint[]) group by user_id`.execute(
      t.db,
    );
    expect(rows.rows).toHaveLength(9);
    for (const row of rows.rows) expect([row.days, row.paid]).toEqual(["2026-03-03", "27"]);
    const progress = await t.db
      .selectFrom("savers")
      .select("accrued_through")
      .where("user_id", "in", savers)
      .execute();
    expect(new Set(progress.map((row) => row.accrued_through))).toEqual(new Set([yesterday]));
  });
});
