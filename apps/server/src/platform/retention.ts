import { type RawBuilder, sql } from "kysely";
import type { Clock } from "./clock";
import type { Db } from "./db";
import { PeriodicJob } from "./periodic-job";
import type { Database } from "./schema";

/**
 * Retention: rows that may expire are deleted some time after they stop mattering. The capability that
 * owns a table declares its rules (which rows have expired, and after how long); this job runs every
 * rule in small batches. Money, audit records and a user's own history never expire (the retention
 * tests list those tables, so a rule for one fails them).
 */
export interface RetentionRule {
  /** The table, written by the capability that declares the rule. */
  table: keyof Database & string;
  /** The columns of its primary key. */
  key: readonly string[];
  /** How long a row is kept after it stopped mattering (from the moment `expired` measures). */
  windowMs: number;
  /**
   * The rows of the table, aliased `t`, that may go: `cutoff` is now less the window. Served by an index,
   * so a batch does not scan the table.
   */
  expired: (cutoff: Date, now: Date) => RawBuilder<unknown>;
}

/** Rows one statement deletes at most: a short lock on few rows, never a long transaction. */
export const RETENTION_BATCH_SIZE = 1000;
/** The pause between two full batches, so a backlog is cleared without crowding out requests. */
export const RETENTION_PAUSE_MS = 100;
/** How often the rules run: a row outlives its window by at most this. */
export const RETENTION_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes at most `limit` of the rule's expired rows in one statement and answers how many it deleted.
 * Rows another process is deleting (or anyone holds) are skipped, so processes running this together
 * never wait on each other and never delete a row twice.
 */
export async function deleteExpiredBatch(
  db: Db,
  rule: RetentionRule,
  now: Date,
  limit: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - rule.windowMs);
  const key = sql.join(rule.key.map((column) => sql.id(column)));
  const keyOfT = sql.join(rule.key.map((column) => sql.ref(`t.${column}`)));
  const { rows } = await sql<{ deleted: number }>`
    with gone as (
      delete from ${sql.table(rule.table)} where (${key}) in (
        select ${keyOfT} from ${sql.table(rule.table)} as t
        where ${rule.expired(cutoff, now)}
        limit ${limit}
        for update of t skip locked
      )
      returning 1
    )
    select count(*)::int as deleted from gone`.execute(db);
  return rows[0]?.deleted ?? 0;
}

export interface RetentionRun {
  table: string;
  deleted: number;
}

export interface RetentionDeps {
  db: Db;
  clock: Clock;
  rules: readonly RetentionRule[];
  batchSize?: number;
  pauseMs?: number;
  /** Asked before every statement: true once the server is stopping, and the run ends there. */
  stopping?: () => boolean;
}

/**
 * Runs every rule in the order given (a table whose rows others reference comes after them), each in
 * batches until a batch comes back short; answers what each deleted.
 */
export async function applyRetention(deps: RetentionDeps): Promise<RetentionRun[]> {
  const batchSize = deps.batchSize ?? RETENTION_BATCH_SIZE;
  const pauseMs = deps.pauseMs ?? RETENTION_PAUSE_MS;
  const stopping = deps.stopping ?? (() => false);
  const runs: RetentionRun[] = [];
  for (const rule of deps.rules) {
    let deleted = 0;
    while (!stopping()) {
      const batch = await deleteExpiredBatch(deps.db, rule, deps.clock.now(), batchSize);
      deleted += batch;
      if (batch < batchSize) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    runs.push({ table: rule.table, deleted });
    if (stopping()) break;
  }
  return runs;
}

/** The periodic job that applies the rules; stopping ends its run in flight after the statement it is in. */
export class RetentionJob {
  #stopping = false;
  readonly #job: PeriodicJob;

  constructor(
    private readonly deps: Omit<RetentionDeps, "stopping"> & {
      log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void };
      intervalMs?: number;
    },
  ) {
    this.#job = new PeriodicJob({
      name: "retention",
      runOnce: () => this.runOnce(),
      intervalMs: deps.intervalMs ?? RETENTION_INTERVAL_MS,
      log: deps.log,
    });
  }

  get rules(): readonly RetentionRule[] {
    return this.deps.rules;
  }

  start(): void {
    this.#stopping = false;
    this.#job.start();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#job.stop();
  }

  /** Runs now, or waits for the run in flight. */
  run(): Promise<unknown> {
    return this.#job.run();
  }

  private async runOnce(): Promise<RetentionRun[]> {
    const runs = await applyRetention({ ...this.deps, stopping: () => this.#stopping });
    const deleted = runs.filter((run) => run.deleted > 0);
    if (deleted.length > 0) this.deps.log.info({ deleted }, "retention: expired rows deleted");
    return runs;
  }
}
