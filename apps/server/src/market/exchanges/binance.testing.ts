import { ProtocolServer } from "./protocol-server.testing";

/**
 * A local server speaking Binance's spot stream protocol: SUBSCRIBE answered `{"result":null,"id"}`,
 * a malformed request answered with `code`/`msg`, ping frames sent by `ping`, `<symbol>@trade` events.
 */
export class BinanceTestServer extends ProtocolServer {
  constructor(port = 0) {
    super((peer, text) => {
      let request: { method?: unknown; params?: unknown; id?: unknown };
      try {
        request = JSON.parse(text) as typeof request;
      } catch {
        peer.socket.send(JSON.stringify({ code: 3, msg: "Invalid JSON: expected value at line 1 column 1" }));
        return;
      }
      const streams = request.params;
      if (request.method !== "SUBSCRIBE" || !Array.isArray(streams)) {
        peer.socket.send(JSON.stringify({ code: 2, msg: "Invalid request", id: request.id ?? null }));
        return;
      }
      for (const stream of streams) peer.subscriptions.add(String(stream));
      peer.socket.send(JSON.stringify({ result: null, id: request.id }));
    }, port);
  }

  override url(): Promise<string> {
    return super.url("/ws");
  }

  /** One trade event on `<symbol>@trade`; answers how many connections it reached. */
  trade(symbol: string, trade: { id: number; price: string; quantity?: string; time: Date }): number {
    const event = {
      e: "trade",
      E: trade.time.getTime() + 1,
      s: symbol,
      t: trade.id,
      p: trade.price,
      q: trade.quantity ?? "0.01000000",
      T: trade.time.getTime(),
      m: false,
      M: true,
    };
    return this.push(`${symbol.toLowerCase()}@trade`, JSON.stringify(event));
  }

  shutdownNotice(): void {
    this.broadcast(JSON.stringify({ e: "serverShutdown", E: Date.now() }));
  }
}
