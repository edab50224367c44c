import { epochMillis, isPositiveDecimal, parseJsonObject, tradeIdText } from "./decimal";
import type { ExchangeProtocol, ExchangeTrade } from "./socket";

export const BINANCE_URL = "wss://data-stream.binance.vision/ws";

/**
 * Binance spot market streams: the raw endpoint `/ws`, live-subscribed with
 * `{"method":"SUBSCRIBE","params":["btcusdt@trade"],"id":1}` and acknowledged with
 * `{"result":null,"id":1}`; a refusal carries `code` and `msg` (at the top level or under `error`).
 * Each `<symbol>@trade` event: `e` "trade", `s` symbol, `t` trade id, `p` price and `q` quantity as
 * text, `T` trade time in ms. The server sends a ping frame every 20 s and expects the pong (ws answers
 * it), and announces a restart with a `serverShutdown` event.
 */
export const binanceProtocol: ExchangeProtocol = {
  exchange: "binance",
  subscribe(instruments) {
    if (instruments.length === 0) return [];
    return [
      JSON.stringify({
        method: "SUBSCRIBE",
        params: instruments.map((instrument) => `${instrument.toLowerCase()}@trade`),
        id: 1,
      }),
    ];
  },
  parse(text) {
    const frame = parseJsonObject(text);
    if (!frame) return { kind: "malformed" };
    if ("result" in frame && "id" in frame) return { kind: "subscribed" };
    const error = typeof frame.error === "object" && frame.error !== null ? frame.error : frame;
    if ("code" in error && "msg" in error) {
      return { kind: "refused", message: `${String(error.code)}: ${String(error.msg)}` };
    }
    if (frame.e === "serverShutdown") return { kind: "reconnect" };
    if (frame.e !== "trade") return frame.e === undefined ? { kind: "malformed" } : { kind: "ignored" };
    const trade = binanceTrade(frame);
    return trade ? { kind: "trades", trades: [trade] } : { kind: "malformed" };
  },
};

function binanceTrade(frame: Record<string, unknown>): ExchangeTrade | null {
  const tradeId = tradeIdText(frame.t);
  const time = epochMillis(frame.T);
  if (typeof frame.s !== "string" || !tradeId || !time) return null;
  if (!isPositiveDecimal(frame.p) || !isPositiveDecimal(frame.q)) return null;
  return { exchange: "binance", instrument: frame.s, tradeId, price: frame.p, quantity: frame.q, time };
}
