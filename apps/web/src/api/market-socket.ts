import type { ServerMessage, Ticker } from "@tickfair/contract";
import { useEffect, useSyncExternalStore } from "react";
import { whenInteractive } from "../boot-later";
import { observeServerTime } from "../lib/server-clock";

/**
 * All products' tickers, over the app's one socket (live-socket.ts) while a screen shows prices. The
 * latest ticker per symbol lives in a small store the rows read with useTicker. The socket's code is
 * asked for once the screen is interactive: until then the rows show the product list's figures.
 */

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

/**
 * What a tickers message does, wherever it arrives: the latest figures, and how far this phone's clock
 * is from the server's.
 */
export function receiveTickers(message: ServerMessage): void {
  if (message.type !== "tickers") return;
  observeServerTime(message.at);
  applyTickers(message.items);
}

let socket: Promise<typeof import("./live-socket")> | undefined;

function liveSocket(): Promise<typeof import("./live-socket")> {
  socket ??= whenInteractive()
    .then(() => import("./live-socket"))
    .then(
      (module) => {
        module.listen(receiveTickers);
        return module;
      },
      (error: unknown) => {
        // Asked again by the next screen that shows prices, once back online.
        socket = undefined;
        throw error;
      },
    );
  return socket;
}

/** Keeps the tickers coming while the calling component is mounted. */
export function useLiveTickers(): void {
  useEffect(() => {
    let release: (() => void) | undefined;
    let unmounted = false;
    liveSocket().then(
      (module) => {
        if (!unmounted) release = module.wantTickers();
      },
      () => {
        // Chunk unavailable (offline): the rows keep the product list's figures.
      },
    );
    return () => {
      unmounted = true;
      release?.();
    };
  }, []);
}
