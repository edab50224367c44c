import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "../market/testing";
import { createTestDb, type TestDb } from "../test/harness";
import { bigintArray, parseBigintArray, prepared } from "./db";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.destroy();
});

const nextOf = (n: number) => prepared(sql<{ next: number }>`select ${n}::int + 1 as next`);

describe("prepared statements", () => {
  it("answer with each run's own parameters", async () => {
    for (const n of [1, 41, -7]) {
      const { rows } = await nextOf(n).execute(testDb.db);
      expect(rows).toEqual([{ next: n + 1 }]);
    }
  });

  it.skipIf(!onPostgres())("are parsed once per connection on PostgreSQL; others are not kept", async () => {
    const kept = await testDb.db.connection().execute(async (connection) => {
      await nextOf(1).execute(connection);
      await nextOf(2).execute(connection);
      await sql`select ${3}::int as unmarked`.execute(connection);
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
    });
    expect(kept.rows.map((row) => row.statement)).toEqual([
      expect.stringMatching(/^\/\* prepared \*\/ select \$1::int \+ 1 as next$/),
    ]);
  });
});

describe("the server's connections", () => {
  it.skipIf(!onPostgres())("never compile with JIT, whatever the planner estimates", async () => {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(testDb.db);
    expect(rows).toEqual([{ jit: "off" }]);
  });

  it.skipIf(!onPostgres())("never start parallel workers for a statement", async () => {
    const { rows } = await sql<{ workers: string }>`
      select current_setting('max_parallel_workers_per_gather') as workers`.execute(testDb.db);
    expect(rows).toEqual([{ workers: "0" }]);
  });
});

describe("bigint arrays as one literal", () => {
  const cases: (bigint | null)[][] = [
    [],
    [0n],
    [1n, -2n, null, 42n],
    [9_223_372_036_854_775_807n, -9_223_372_036_854_775_808n],
  ];

  it("reach the database as the same numbers, in order, nulls kept", async () => {
    for (const values of cases) {
      const { rows } = await sql<{ value: bigint | null; position: string }>`
        select value, position::text from unnest(${bigintArray(values)}::bigint[]) with ordinality as v (value, position)
        order by position`.execute(testDb.db);
      expect(rows.map((row) => row.value)).toEqual(values);
    }
  });

  it("come back from the database's text form", async () => {
    for (const values of cases.map((list) => list.filter((value) => value !== null))) {
      const { rows } = await sql<{
        text: string;
      }>`select ${bigintArray(values)}::bigint[]::text as text`.execute(testDb.db);
      expect(parseBigintArray(rows[0]?.text ?? "")).toEqual(values);
    }
  });
});

describe("a connection the server ends", () => {
  it.skipIf(!onPostgres())(
    "fails its transaction's next statement, and the process and the pool live on",
    async () => {
      const ended = testDb.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
        await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(testDb.db);
        // The connection's error arrives between statements, while the transaction holds it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(tx);
      });
      await expect(ended).rejects.toThrow();
      const { rows } = await sql<{ alive: number }>`select 1 as alive`.execute(testDb.db);
      expect(rows).toEqual([{ alive: 1 }]);
    },
  );
});
