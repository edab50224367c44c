/**
 * Each simulated user's open app: one WebSocket at /api/ws through the proxy, opened after the first
 * sign-in. It authenticates with the session token, follows the user's chat from the last seq it has,
 * and when the socket drops (a killed process) comes back after a short backoff, as the app does. A
 * session that ended (close 4440) waits for the user's next sign-in. What it records — each connected
 * interval (from `ready` to the close) and each event with its receive time — is what the checker
 * compares with the database (checks/events.ts).
 */
import { SESSION_ENDED_CLOSE_CODE, type ServerMessage } from "@tickfair/contract";
import WebSocket from "ws";

const BACKOFF_MS = [250, 500, 1_000, 2_000];

export interface ConnectedInterval {
  from: number;
  /** When the close was seen; Infinity while still open. */
  to: number;
}

export type ReceivedEvent =
  | { kind: "settled"; at: number; contractId: string }
  | { kind: "chat"; at: number; conversationId: string; seq: string }
  | { kind: "inbox"; at: number; scope: "personal" | "broadcast" };

/** What one user's sockets lived through, for the checker. */
export interface SocketRecord {
  account: string;
  /** Sockets that reached `ready`. */
  connections: number;
  intervals: ConnectedInterval[];
  events: ReceivedEvent[];
}

export class UserSocket {
  readonly record: SocketRecord;
  #token: string | null = null;
  #socket: WebSocket | null = null;
  #timer: NodeJS.Timeout | null = null;
  #failures = 0;
  #closing = false;
  /** The last chat seq received: a new socket follows from after it. */
  #chatSeq = "0";

  constructor(
    readonly url: string,
    account: string,
  ) {
    this.record = { account, connections: 0, intervals: [], events: [] };
  }

  /** After every successful sign-in: a socket waiting for a live session connects with it. */
  signedIn(token: string): void {
    this.#token = token;
    if (!this.#socket && !this.#timer && !this.#closing) this.#connect();
  }

  /** At the end of the run: the last interval ends now. */
  close(): Promise<void> {
    this.#closing = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const socket = this.#socket;
    if (!socket) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once("close", () => resolve());
      socket.close();
    });
  }

  #connect(): void {
    const token = this.#token;
    if (!token) return;
    const socket = new WebSocket(this.url);
    this.#socket = socket;
    let interval: ConnectedInterval | null = null;
    socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token })));
    socket.on("message", (raw: Buffer) => {
      const at = Date.now();
      const message = JSON.parse(raw.toString()) as ServerMessage;
      if (message.type === "ready") {
        interval = { from: at, to: Number.POSITIVE_INFINITY };
        this.record.intervals.push(interval);
        this.record.connections++;
        this.#failures = 0;
        socket.send(JSON.stringify({ type: "chat.follow", after: this.#chatSeq }));
      } else this.#received(message, at);
    });
    // A refused upgrade or a reset before `open`: the close that follows reconnects.
    socket.on("error", () => {});
    socket.on("close", (code: number) => {
      if (interval) interval.to = Date.now();
      this.#socket = null;
      if (this.#closing) return;
      // The session ended: its token is dead, the user's next sign-in brings a new one (unless it
      // already did while this socket was closing).
      if (code === SESSION_ENDED_CLOSE_CODE && this.#token === token) this.#token = null;
      if (!this.#token) return;
      const wait = BACKOFF_MS[Math.min(this.#failures++, BACKOFF_MS.length - 1)];
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#connect();
      }, wait);
    });
  }

  #received(message: ServerMessage, at: number): void {
    const events = this.record.events;
    if (message.type === "contract.settled")
      events.push({ kind: "settled", at, contractId: message.contract.id });
    else if (message.type === "chat.message") {
      events.push({ kind: "chat", at, conversationId: message.conversationId, seq: message.message.seq });
      this.#chatSeq = message.message.seq;
    } else if (message.type === "inbox.changed") events.push({ kind: "inbox", at, scope: message.scope });
  }
}
