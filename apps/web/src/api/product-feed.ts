import type { Tick } from "@tickfair/contract";
import { useEffect, useRef } from "react";
import { listen, wantProduct, wantTickers } from "./live-socket";
import { receiveTickers } from "./market-socket";

// The tickers this page asks for fill market-socket's store, which connects on its own only later.
listen(receiveTickers);

/**
 * The detail page's live data, over the app's one socket: all tickers (for the 24H figures, shared with
 * market-socket's store) and every new tick of one product. On each (re)subscription it asks from the
 * last tick seen, so the server backfills the gap.
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
    const stopListening = listen((message) => {
      if (message.type === "ticks" && message.symbol === symbol) handler.current(message.items);
    });
    const releaseTickers = wantTickers();
    const releaseProduct = wantProduct({ symbol, fromSeq: () => seq.current() });
    return () => {
      releaseProduct();
      releaseTickers();
      stopListening();
    };
  }, [symbol]);
}
