import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect, type RawBuilder, sql, type Transaction } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * 64-bit integers come back as bigint, so money never passes through a number; dates as they are
 * written ("YYYY-MM-DD"): a calendar day has no time zone, and a Date would give it the process's.
 */
const PARSERS: Record<number, (value: string) => unknown> = {
  [INT8_OID]: (value) => BigInt(value),
  [DATE_OID]: (value) => value,
};

/**
 * PostgreSQL when a connection string is given, else embedded PGlite (in `dataDir`, or in memory when
 * `dataDir` is null), reading values alike (PARSERS).
 */
export function createDb(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /** A PGlite data folder as `dumpDataDir` wrote it, to start from instead of an empty cluster. */
  pgliteDump?: Blob;
  poolSize?: number;
  onConnectionError?: (error: Error) => void;
}): Db {
  if (options.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        PARSERS[oid] ?? pg.types.getTypeParser(oid, format),
    };
    const max = options.poolSize ?? 20;
    // JIT off (decision 0085): its compile, tens of ms, starts wherever the planner's estimate passes
    // jit_above_cost, and on partitioned ticks the generic estimates of short reads do. No parallel
    // workers (decision 0087): starting one costs more than the short reads it was planned for.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max,
      types,
      options: "-c jit=off -c max_parallel_workers_per_gather=0",
    });
    // A connection the server drops (restart, failover) must not crash the process: an idle one the
    // pool discards; one checked out, between a transaction's statements, emits its error on the client,
    // where node-postgres has no listener then — its next statement fails instead, and the pool
    // discards it when it comes back.
    pool.on("error", (error) => options.onConnectionError?.(error));
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onConnectionError?.(error));
      prepareMarkedStatements(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, { pool, max });
    return db;
  }
  if (options.dataDir) fs.mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const pglite = new PGlite({
    ...(options.dataDir ? { dataDir: path.resolve(options.dataDir, "pglite") } : {}),
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    parsers: PARSERS,
    extensions: PGLITE_EXTENSIONS,
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  embedded.set(db, pglite);
  return db;
}

const embedded = new WeakMap<Db, PGlite>();
const pools = new WeakMap<Db, { pool: pg.Pool; max: number }>();

/** The PostgreSQL connections of a process: the most it opens, open now, idle of those, queries waiting. */
export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  waiting: number;
}

/** How the PostgreSQL connections behind `db` are used now; null on the embedded database (one connection). */
export function poolUse(db: Db): PoolUse | null {
  const entry = pools.get(db);
  if (!entry) return null;
  const { pool, max } = entry;
  return { max, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** The embedded database behind `db`, or null on PostgreSQL: backups dump its folder (`dumpDataDir`). */
export function embeddedDatabase(db: Db): PGlite | null {
  return embedded.get(db) ?? null;
}

/** The contrib extensions the migrations create (PostgreSQL ships them; PGlite loads them on start). */
export const PGLITE_EXTENSIONS = { pg_trgm };

const PREPARED_MARK = "/* prepared */";

/**
 * A statement PostgreSQL parses and plans once per connection, then only binds and runs: for the hot
 * statements whose text never changes, where parsing and planning cost as much as running (on
 * PostgreSQL; PGlite runs it as any other). Name its result columns (no `*`): a column a later migration
 * adds must not change the result of a statement a running server has prepared.
 */
export function prepared<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(PREPARED_MARK)} ${statement}`;
}

/**
 * Kysely never names a statement, and node-postgres prepares only named ones: a statement marked by
 * `prepared` runs under a name drawn from its text (the same text, the same name, on every connection).
 */
function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  const names = new Map<string, string>();
  const named = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `prepared_${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
      names.set(text, name);
    }
    return name;
  };
  client.query = ((config: unknown, values?: unknown) =>
    typeof config === "string" && config.startsWith(PREPARED_MARK)
      ? query({ name: named(config), text: config, values })
      : query(config, values)) as typeof client.query;
}

/**
 * Whole numbers as one PostgreSQL array literal (`{1,-2,NULL}`), for a parameter cast `::bigint[]`: a
 * settlement batch sends tens of thousands of ids and amounts, which node-postgres would otherwise
 * quote and escape one by one. Numbers need neither.
 */
export function bigintArray(values: readonly (bigint | null)[]): string {
  return `{${values.map((value) => (value === null ? "NULL" : value.toString())).join(",")}}`;
}

/** The elements of a `bigint[]` read as text (`{1,2,3}`), as bigints. */
export function parseBigintArray(literal: string): bigint[] {
  const inner = literal.slice(1, -1);
  return inner === "" ? [] : inner.split(",").map((element) => BigInt(element));
}

/** PostgreSQL error codes the services map to user errors. */
export const PG_CHECK_VIOLATION = "23514";
export const PG_UNIQUE_VIOLATION = "23505";

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "constraint" in error) {
    const name = (error as { constraint: unknown }).constraint;
    return typeof name === "string" ? name : undefined;
  }
  return undefined;
}
