import pg from "pg";
import type { Db } from "../platform/db";
import type { MarketBus } from "./bus";
import { lastTicks } from "./chain-heads";
import type { FeedSource, FeedTick, SimulationStart } from "./feed";
import { deserializeTicks } from "./tick-wire";
import { recordTicks } from "./ticks";

/** pg_try_advisory_lock key of the feed: ASCII "tickfeed". Advisory locks are per database. */
export const FEED_LOCK_KEY = "8388345093884831076";
/** Where the feed's process announces recorded ticks to the others (PostgreSQL LISTEN/NOTIFY). */
export const TICKS_CHANNEL = "tickfair_ticks";

/** What the runner logs through (Fastify's pino logger fits). */
export interface MarketLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export const silentLog: MarketLog = { info() {}, warn() {}, error() {} };

export interface FeedRunnerOptions {
  db: Db;
  bus: MarketBus;
  log: MarketLog;
  /**
   * Builds the source once this process leads, resuming from each product's last stored tick. A
   * failure (a missing or wrong fairness secret) is logged and the feed not started; on PostgreSQL the
   * lock is let go, so a process that can run the feed takes over.
   */
  createSource: (resumeFrom: Map<string, SimulationStart>) => FeedSource | Promise<FeedSource>;
  /** Runs once this process leads, before the source starts (the simulator's closed-market history). */
  prepare?: () => Promise<unknown>;
  /** PostgreSQL: only the process holding the advisory lock runs the feed. Absent: embedded PGlite. */
  databaseUrl?: string;
  /** How often a follower tries to take over, and a leader checks it still holds its connection. */
  leaderCheckMs?: number;
  /** Ticks kept while the database is slow or away; older ones are dropped (an honest gap). */
  maxPendingTicks?: number;
}

export type FeedRole = "stopped" | "follower" | "leader";

/**
 * Runs the feed in the server process. On PGlite it always leads. On PostgreSQL one process leads: the
 * one whose dedicated connection holds pg_try_advisory_lock(FEED_LOCK_KEY); it records the ticks and
 * NOTIFYs them; the others LISTEN and publish what it recorded, and retry the lock so one takes over if
 * the leader goes away (its lock ends with its connection).
 */
export class FeedRunner {
  readonly #options: FeedRunnerOptions;
  #role: FeedRole = "stopped";
  #stopping = false;
  #client: pg.Client | null = null;
  #timer: NodeJS.Timeout | null = null;
  #source: FeedSource | null = null;
  #pending: FeedTick[] = [];
  #writing: Promise<void> | null = null;
  #checking = false;
  #lastFailure: string | null = null;

  constructor(options: FeedRunnerOptions) {
    this.#options = options;
  }

  get role(): FeedRole {
    return this.#role;
  }

  async start(): Promise<void> {
    if (this.#role !== "stopped") return;
    this.#stopping = false;
    if (!this.#options.databaseUrl) {
      await this.#lead();
      return;
    }
    this.#role = "follower";
    await this.#connectAndElect();
    this.#timer = setInterval(() => void this.#check(), this.#options.leaderCheckMs ?? 5000);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#source?.stop();
    this.#source = null;
    await this.#writing;
    this.#pending = [];
    await this.#disconnect();
    this.#role = "stopped";
  }

  /** Waits until everything handed over so far is recorded and published (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #connectAndElect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#options.databaseUrl, keepAlive: true });
    // A dropped connection has dropped the lock too: stop leading at once, reconnect on the next check.
    client.on("error", (error) => this.#lostConnection(client, error));
    client.on("end", () => this.#lostConnection(client, new Error("connection ended")));
    client.on("notification", (message) => {
      if (message.channel !== TICKS_CHANNEL || !message.payload || this.#role !== "follower") return;
      try {
        const read = deserializeTicks(message.payload);
        if (read.readable) this.#options.bus.publish(read.message);
        else {
          this.#options.log.warn(
            { format: read.format },
            "market: a tick notification in a format this release does not read; ignored",
          );
        }
      } catch (error) {
        this.#options.log.error({ err: error }, "market: unreadable tick notification");
      }
    });
    try {
      await client.connect();
      this.#client = client;
      await client.query(`listen ${TICKS_CHANNEL}`);
      await this.#tryLock();
    } catch (error) {
      this.#options.log.warn({ err: error }, "market: feed election connection failed; retrying");
      this.#client = null;
      await client.end().catch(() => {});
    }
  }

  async #tryLock(): Promise<void> {
    const client = this.#client;
    if (!client || this.#stopping) return;
    const result = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock($1::bigint) as locked",
      [FEED_LOCK_KEY],
    );
    if (result.rows[0]?.locked && !this.#stopping) {
      await client.query(`unlisten ${TICKS_CHANNEL}`);
      await this.#lead();
    }
  }

  /** The periodic check: reconnect if needed; a follower tries the lock; a leader proves its connection. */
  async #check(): Promise<void> {
    if (this.#stopping || this.#checking) return;
    this.#checking = true;
    try {
      if (!this.#client) await this.#connectAndElect();
      else if (this.#role === "follower") await this.#tryLock();
      else await this.#client.query("select 1");
    } catch (error) {
      this.#options.log.warn({ err: error }, "market: feed election check failed");
    } finally {
      this.#checking = false;
    }
  }

  #lostConnection(client: pg.Client, error: unknown): void {
    if (client !== this.#client) return;
    this.#client = null;
    if (this.#stopping) return;
    if (this.#role === "leader") {
      this.#options.log.error({ err: error }, "market: lost the feed lock's connection; feed paused");
      this.#source?.stop();
      this.#source = null;
    }
    this.#role = "follower";
  }

  async #disconnect(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    // Ending the session releases the advisory lock, so another process can take over at once.
    if (client) await client.end().catch(() => {});
  }

  async #lead(): Promise<void> {
    if (this.#options.prepare) {
      try {
        await this.#options.prepare();
      } catch (error) {
        this.#options.log.error({ err: error }, "market: preparing the feed failed; starting it anyway");
      }
    }
    const resumeFrom = new Map<string, SimulationStart>();
    for (const [symbol, last] of await lastTicks(this.#options.db)) {
      resumeFrom.set(symbol, { price: last.price, seq: last.seq, time: last.time });
    }
    if (this.#stopping) return;
    let source: FeedSource;
    try {
      source = await this.#options.createSource(resumeFrom);
    } catch (error) {
      await this.#cannotLead(error);
      return;
    }
    if (this.#stopping) return;
    this.#lastFailure = null;
    this.#source = source;
    this.#role = "leader";
    this.#options.log.info({ source: source.name }, "market: this process runs the feed");
    source.start((ticks) => this.enqueue(ticks));
  }

  /** Logged once per reason, not at every election check. */
  async #cannotLead(error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    if (reason !== this.#lastFailure)
      this.#options.log.error({ reason }, `market: the feed is not started: ${reason}`);
    this.#lastFailure = reason;
    const client = this.#client;
    if (!client) return;
    await client.query("select pg_advisory_unlock($1::bigint)", [FEED_LOCK_KEY]).catch(() => {});
    await client.query(`listen ${TICKS_CHANNEL}`).catch(() => {});
    this.#role = "follower";
  }

  /**
   * Hands ticks over to be recorded. Writes never overlap: ticks arriving during a write wait for the
   * next one, so a slow database gets fewer, larger batches rather than a pile of transactions.
   */
  enqueue(ticks: readonly FeedTick[]): void {
    if (this.#stopping) return;
    this.#pending.push(...ticks);
    const max = this.#options.maxPendingTicks ?? 600;
    if (this.#pending.length > max) this.#pending.splice(0, this.#pending.length - max);
    if (!this.#writing) this.#writing = this.#drain().finally(() => (this.#writing = null));
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      try {
        const stored = await recordTicks(this.#options.db, batch, {
          ...(this.#options.databaseUrl ? { notifyChannel: TICKS_CHANNEL } : {}),
          onAnomaly: (anomaly) =>
            this.#options.log.warn(
              { symbol: anomaly.symbol, anomaly: anomaly.anomaly },
              `market: ${anomaly.symbol} halted: ${anomaly.reason}`,
            ),
        });
        this.#options.bus.publish(stored);
      } catch (error) {
        this.#options.log.error({ err: error, ticks: batch.length }, "market: recording ticks failed");
      }
    }
  }
}
