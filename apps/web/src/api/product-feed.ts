import type { Tick } from "@tickfair/contract";
import { useEffect, useRef } from "react";
import { receiveTickers } from "./market-socket";
import { keepSocketOpen } from "./socket";

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
    const session = keepSocketOpen({
      onOpen(socket) {
        socket.markHealthy();
        socket.send({ type: "subscribe.tickers" });
        const fromSeq = seq.current();
        socket.send(
          fromSeq ? { type: "subscribe.product", symbol, fromSeq } : { type: "subscribe.product", symbol },
        );
      },
      onMessage(message) {
        if (message.type === "ticks" && message.symbol === symbol) handler.current(message.items);
        else receiveTickers(message);
      },
    });
    return session.stop;
  }, [symbol]);
}
