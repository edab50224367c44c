import type { ClientMessage, ServerMessage, Ticker } from "@tickfair/contract";
import { useEffect, useSyncExternalStore } from "react";
import { observeServerTime } from "../lib/server-clock";

/**
 * The public market socket: one WebSocket to /api/ws subscribed to all products' tickers (no session
 * needed), shared by every screen that shows prices and closed a little after the last one leaves.
 * The latest ticker per symbol lives in a small store the rows read with useTicker.
 */

const HEARTBEAT_MS = 25_000;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Keeps the socket open briefly after the last screen leaves (home ⇄ products tab). */
const LINGER_MS = 15_000;

const tickers = new Map<string, Ticker>();
const listeners = new Set<() => void>();

/** Whether ticker `a` is newer than `b` (seq is a decimal string of any length). */
export function isNewer(a: Ticker, b: Ticker | null | undefined): boolean {
  if (!b) return true;
  if (a.seq.length !== b.seq.length) return a.seq.length > b.seq.length;
  return a.seq > b.seq;
}

/** Stores the tickers of a `tickers` message (each only if newer than what is known). */
export function applyTickers(items: readonly Ticker[]): void {
  let changed = false;
  for (const item of items) {
    if (isNewer(item, tickers.get(item.symbol))) {
      tickers.set(item.symbol, item);
      changed = true;
    }
  }
  if (changed) for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The freshest ticker of `symbol`: the live one, or `fallback` (from the product list) if that is newer. */
export function useTicker(symbol: string, fallback: Ticker | null): Ticker | null {
  const live = useSyncExternalStore(
    subscribe,
    () => tickers.get(symbol),
    () => undefined,
  );
  if (!live) return fallback;
  return fallback && isNewer(fallback, live) ? fallback : live;
}

let users = 0;
let socket: WebSocket | null = null;
let attempt = 0;
let heartbeat: ReturnType<typeof setInterval> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let linger: ReturnType<typeof setTimeout> | undefined;

function url(): string {
  return `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/api/ws`;
}

function send(ws: WebSocket, message: ClientMessage): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function open(): void {
  clearTimeout(retry);
  retry = undefined;
  let ws: WebSocket;
  try {
    ws = new WebSocket(url());
  } catch {
    scheduleReconnect();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    send(ws, { type: "subscribe.tickers" });
    heartbeat = setInterval(() => send(ws, { type: "ping" }), HEARTBEAT_MS);
  };
  ws.onmessage = (event) => {
    if (typeof event.data !== "string") return;
    try {
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.type === "tickers" && Array.isArray(message.items)) {
        observeServerTime(message.at);
        applyTickers(message.items);
      }
    } catch {
      // Not JSON: ignore.
    }
  };
  ws.onclose = () => {
    if (socket === ws) socket = null;
    clearInterval(heartbeat);
    heartbeat = undefined;
    scheduleReconnect();
  };
}

function scheduleReconnect(): void {
  if (users === 0 || retry !== undefined) return;
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 10));
  attempt += 1;
  retry = setTimeout(open, Math.round(base * (0.8 + 0.4 * Math.random())));
}

function online(): void {
  if (users > 0 && socket === null) {
    attempt = 0;
    clearTimeout(retry);
    retry = undefined;
    open();
  }
}

function close(): void {
  clearTimeout(retry);
  retry = undefined;
  clearInterval(heartbeat);
  heartbeat = undefined;
  window.removeEventListener("online", online);
  const ws = socket;
  socket = null;
  if (ws) {
    ws.onclose = null;
    ws.onmessage = null;
    ws.close(1000);
  }
}

/** Keeps the ticker subscription open while the calling component is mounted. */
export function useLiveTickers(): void {
  useEffect(() => {
    users += 1;
    clearTimeout(linger);
    linger = undefined;
    if (socket === null && retry === undefined) {
      window.addEventListener("online", online);
      open();
    }
    return () => {
      users -= 1;
      if (users === 0) linger = setTimeout(close, LINGER_MS);
    };
  }, []);
}
