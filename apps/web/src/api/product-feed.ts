import type { ClientMessage, ServerMessage, Tick } from "@tickfair/contract";
import { useEffect, useRef } from "react";
import { applyTickers } from "./market-socket";

const HEARTBEAT_MS = 25_000;
const backoffDelay = (attempt: number) =>
  Math.round(Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 10)) * (0.8 + 0.4 * Math.random()));
const realtimeUrl = (l: Location) => `${l.protocol === "https:" ? "wss" : "ws"}://${l.host}/api/ws`;

/**
 * The detail page's public socket: all tickers (for the 24H figures, shared with market-socket's
 * store) and every new tick of one product. After a drop it reconnects with `fromSeq` = the last tick
 * seen, so the server backfills the gap.
 */
export function useProductFeed(
  symbol: string,
  lastSeq: () => string | null,
  onTicks: (ticks: Tick[]) => void,
) {
  const handler = useRef(onTicks);
  const seq = useRef(lastSeq);
  handler.current = onTicks;
  seq.current = lastSeq;

  useEffect(() => {
    if (symbol === "") return;
    let stopped = false;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const send = (ws: WebSocket, message: ClientMessage) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };

    function open() {
      if (stopped) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(realtimeUrl(window.location));
      } catch {
        schedule();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        send(ws, { type: "subscribe.tickers" });
        const fromSeq = seq.current();
        send(
          ws,
          fromSeq ? { type: "subscribe.product", symbol, fromSeq } : { type: "subscribe.product", symbol },
        );
        heartbeat = setInterval(() => send(ws, { type: "ping" }), HEARTBEAT_MS);
      };
      ws.onmessage = (event) => {
        if (typeof event.data !== "string") return;
        let message: ServerMessage;
        try {
          message = JSON.parse(event.data) as ServerMessage;
        } catch {
          return;
        }
        if (message.type === "tickers" && Array.isArray(message.items)) applyTickers(message.items);
        else if (message.type === "ticks" && message.symbol === symbol && Array.isArray(message.items))
          handler.current(message.items);
      };
      ws.onclose = () => {
        if (socket === ws) socket = null;
        clearInterval(heartbeat);
        schedule();
      };
    }

    function schedule() {
      if (stopped) return;
      clearTimeout(retry);
      retry = setTimeout(open, backoffDelay(attempt));
      attempt += 1;
    }

    const online = () => {
      if (socket === null && !stopped) {
        clearTimeout(retry);
        attempt = 0;
        open();
      }
    };

    window.addEventListener("online", online);
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      window.removeEventListener("online", online);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onclose = null;
        ws.onmessage = null;
        ws.close(1000);
      }
    };
  }, [symbol]);
}
