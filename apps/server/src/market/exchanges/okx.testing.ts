import { ProtocolServer } from "./protocol-server.testing";

const CONN_ID = "a4d3ae55";

/**
 * A local server speaking OKX's v5 public protocol: `op: subscribe` acknowledged per argument with
 * `event: subscribe`, unknown channels refused with `event: error`, text "ping" answered "pong",
 * pushes of the `trades` channel.
 */
export class OkxTestServer extends ProtocolServer {
  constructor(port = 0) {
    super((peer, text) => {
      if (text === "ping") {
        peer.socket.send("pong");
        return;
      }
      let request: { op?: unknown; args?: unknown };
      try {
        request = JSON.parse(text) as typeof request;
      } catch {
        peer.socket.send(
          JSON.stringify({ event: "error", code: "60012", msg: `Invalid request: ${text}`, connId: CONN_ID }),
        );
        return;
      }
      if (request.op !== "subscribe" || !Array.isArray(request.args)) {
        peer.socket.send(
          JSON.stringify({ event: "error", code: "60012", msg: `Invalid request: ${text}`, connId: CONN_ID }),
        );
        return;
      }
      for (const arg of request.args as { channel?: string; instId?: string }[]) {
        if (arg.channel !== "trades" || !arg.instId) {
          peer.socket.send(
            JSON.stringify({
              event: "error",
              code: "60018",
              msg: `Wrong URL or channel:${arg.channel},instId:${arg.instId} doesn't exist.`,
              connId: CONN_ID,
            }),
          );
          continue;
        }
        peer.subscriptions.add(arg.instId);
        peer.socket.send(JSON.stringify({ event: "subscribe", arg, connId: CONN_ID }));
      }
    }, port);
  }

  override url(): Promise<string> {
    return super.url("/ws/v5/public");
  }

  trade(instId: string, trade: { id: string; price: string; quantity?: string; time: Date }): number {
    const push = {
      arg: { channel: "trades", instId },
      data: [
        {
          instId,
          tradeId: trade.id,
          px: trade.price,
          sz: trade.quantity ?? "0.01",
          side: "buy",
          ts: String(trade.time.getTime()),
          count: "1",
        },
      ],
    };
    return this.push(instId, JSON.stringify(push));
  }
}
