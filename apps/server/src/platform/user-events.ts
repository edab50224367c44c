import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { type Db, prepared } from "./db";
import { RELAY_FORMAT, type RelayFormat, relayStamp } from "./relay-format";
import { parseUserEvents, serializeUserEvents, type WireEvent } from "./user-events-wire";

/** Where server processes tell each other about users' events (PostgreSQL LISTEN/NOTIFY). */
export const USER_EVENTS_CHANNEL = "tickfair_user_events";

/** NOTIFY payloads must stay under 8,000 bytes. */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = 1_000;
/**
 * Events raised within this long travel in one notification: under load every request would otherwise
 * cost a round trip of its own; a few milliseconds more are nothing to a person watching a screen.
 */
const GATHER_MS = 10;

/** Where the relay reports connection trouble and events it could not tell. */
export interface RelayLog {
  error(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

/**
 * Carries domain events between server processes on one PostgreSQL (ARCHITECTURE §7): a user's socket
 * may be held by another process than the one whose request moved their money or whose worker settled
 * their contract, and an operator's console by another than the one that took a deposit or ended a
 * session (operators' events travel here too, under their own names). Each process tells its own
 * sockets itself, at once, and relays the event; the
 * others hear it on their listening connection and tell theirs. Only references travel: each process
 * reads what it needs for the users connected to it. Events raised within a few milliseconds of each
 * other travel together. Best effort, like every push: an app that reconnects reloads its lists.
 * Without a database URL (embedded PGlite: one process) there is no one to tell. Messages carry their
 * format (platform/relay-format.ts), so processes of two releases side by side during a deploy read
 * each other's.
 */
export class UserEventsRelay {
  /** The format this process writes: a process of the previous release wrote 1. */
  writes: RelayFormat = RELAY_FORMAT;
  readonly #origin = randomBytes(8).toString("hex");
  readonly #queued: WireEvent[] = [];
  #flushTimer: NodeJS.Timeout | null = null;
  /** Flushes run one after another, so stopping can wait for the last. */
  #flushing: Promise<void> = Promise.resolve();
  #client: pg.Client | null = null;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #stopped = true;
  readonly #lagListeners = new Set<(seconds: number) => void>();

  constructor(
    private readonly options: {
      db: Db;
      databaseUrl?: string;
      deliver: (name: string, refs: string[]) => Promise<void>;
      log: RelayLog;
    },
  ) {}

  /**
   * Calls `listener` with how long each message from another process took from its NOTIFY to this
   * process (messages of format 2 on say when they were sent); answers a function that stops it.
   */
  onLag(listener: (seconds: number) => void): () => void {
    this.#lagListeners.add(listener);
    return () => this.#lagListeners.delete(listener);
  }

  async start(): Promise<void> {
    if (!this.options.databaseUrl || !this.#stopped) return;
    this.#stopped = false;
    await this.#listen();
  }

  /** Sends what is still gathered first: the database may close right after. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    await this.#flushNext();
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#reconnectTimer = null;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  /** Tells the other processes; the caller has told its own sockets. */
  relay(name: string, refs: string[]): void {
    if (this.#stopped) return;
    // One event of a name, however many were raised in a row: the other processes deliver a
    // notification's events one after another, and a chat catch-up per message fell behind.
    const last = this.#queued[this.#queued.length - 1];
    if (last && last[0] === name) last[1].push(...refs);
    else this.#queued.push([name, [...refs]]);
    if (this.#flushTimer) return;
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = null;
      void this.#flushNext();
    }, GATHER_MS);
  }

  #flushNext(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#flush());
    return this.#flushing;
  }

  async #flush(): Promise<void> {
    const events = this.#queued.splice(0);
    for (const payload of this.#payloads(events)) {
      try {
        await prepared(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${payload})`).execute(this.options.db);
      } catch (error) {
        this.options.log.error({ err: error }, "realtime: relaying users' events failed");
      }
    }
  }

  /** The events as NOTIFY payloads, each under the size limit (a long list is split). */
  #payloads(events: WireEvent[]): string[] {
    const payloads: string[] = [];
    let batch: WireEvent[] = [];
    const stamp = relayStamp(this.writes);
    const wrap = (list: WireEvent[]) => serializeUserEvents({ origin: this.#origin, events: list }, stamp);
    const push = (event: WireEvent) => {
      if (wrap([...batch, event]).length <= MAX_PAYLOAD) {
        batch.push(event);
        return;
      }
      if (batch.length > 0) payloads.push(wrap(batch));
      batch = [];
      if (wrap([event]).length <= MAX_PAYLOAD) {
        batch.push(event);
        return;
      }
      // One event too long on its own: its references in halves.
      const [name, refs] = event;
      const half = Math.ceil(refs.length / 2);
      push([name, refs.slice(0, half)]);
      push([name, refs.slice(half)]);
    };
    for (const event of events) push(event);
    if (batch.length > 0) payloads.push(wrap(batch));
    return payloads;
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true });
    const lost = (error: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      this.options.log.warn({ err: error }, "realtime: users' events connection lost; reconnecting");
      void client.end().catch(() => {});
      this.#scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost(new Error("connection ended")));
    client.on("notification", (message) => {
      if (message.channel === USER_EVENTS_CHANNEL && message.payload) void this.#receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${USER_EVENTS_CHANNEL}`);
      if (this.#stopped) {
        await client.end();
        return;
      }
      this.#client = client;
    } catch (error) {
      this.options.log.warn({ err: error }, "realtime: users' events connection failed; retrying");
      await client.end().catch(() => {});
      this.#scheduleReconnect();
    }
  }

  #scheduleReconnect(): void {
    if (this.#stopped || this.#reconnectTimer) return;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      void this.#listen();
    }, RECONNECT_MS);
    this.#reconnectTimer.unref();
  }

  async #receive(payload: string): Promise<void> {
    try {
      const read = parseUserEvents(payload);
      if (!read.readable) {
        this.options.log.warn(
          { format: read.format },
          "realtime: relayed users' events in a format this release does not read; ignored",
        );
        return;
      }
      const { origin, events } = read.message;
      // This process told its own sockets when it raised the event.
      if (origin === this.#origin) return;
      if (read.sentAt !== null) {
        const seconds = Math.max(0, Date.now() - read.sentAt) / 1000;
        for (const listener of this.#lagListeners) listener(seconds);
      }
      for (const [name, refs] of events) await this.options.deliver(name, refs);
    } catch (error) {
      this.options.log.error({ err: error }, "realtime: a relayed users' event could not be told");
    }
  }
}
