import { epochMillis, isPositiveDecimal, parseJsonObject, tradeIdText } from "./decimal";
import type { ExchangeProtocol, ExchangeTrade, ParsedFrame } from "./socket";

export const OKX_URL = "wss://ws.okx.com:8443/ws/v5/public";

/**
 * OKX v5 public channels: `{"op":"subscribe","args":[{"channel":"trades","instId":"BTC-USDT"}]}`,
 * acknowledged per argument with `{"event":"subscribe","arg":{…},"connId":…}`, refused with
 * `{"event":"error","code":…,"msg":…}`. A push is `{"arg":{"channel":"trades",…},"data":[…]}`, each
 * trade with `instId`, `tradeId`, `px`, `sz`, `side`, `ts` (ms, as text). OKX closes a connection
 * with nothing pushed for 30 s; the keepalive is the text "ping", answered with "pong".
 */
export const okxProtocol: ExchangeProtocol = {
  exchange: "okx",
  keepalive: "ping",
  subscribe(instruments) {
    if (instruments.length === 0) return [];
    return [
      JSON.stringify({
        op: "subscribe",
        args: instruments.map((instId) => ({ channel: "trades", instId })),
      }),
    ];
  },
  parse(text) {
    if (text === "pong") return { kind: "ignored" };
    const frame = parseJsonObject(text);
    if (!frame) return { kind: "malformed" };
    if (frame.event === "subscribe") return { kind: "subscribed" };
    if (frame.event === "error") {
      return { kind: "refused", message: `${String(frame.code)}: ${String(frame.msg)}` };
    }
    if (typeof frame.event === "string") return { kind: "ignored" };
    return okxTrades(frame);
  },
};

function okxTrades(frame: Record<string, unknown>): ParsedFrame {
  const arg = frame.arg as { channel?: unknown } | undefined;
  if (!arg || typeof arg !== "object" || !Array.isArray(frame.data)) return { kind: "malformed" };
  if (arg.channel !== "trades") return { kind: "ignored" };
  const trades: ExchangeTrade[] = [];
  for (const item of frame.data as unknown[]) {
    const trade = okxTrade(item);
    // One unreadable trade makes the whole push suspect: none of it is used.
    if (!trade) return { kind: "malformed" };
    trades.push(trade);
  }
  return { kind: "trades", trades };
}

function okxTrade(item: unknown): ExchangeTrade | null {
  if (typeof item !== "object" || item === null) return null;
  const trade = item as Record<string, unknown>;
  const tradeId = tradeIdText(trade.tradeId);
  const time = epochMillis(trade.ts);
  if (typeof trade.instId !== "string" || !tradeId || !time) return null;
  if (!isPositiveDecimal(trade.px) || !isPositiveDecimal(trade.sz)) return null;
  return { exchange: "okx", instrument: trade.instId, tradeId, price: trade.px, quantity: trade.sz, time };
}
