import type { FeedExchange } from "@tickfair/contract";
import type { ConnectExchange } from "../median-feed";
import { BINANCE_URL, binanceProtocol } from "./binance";
import { OKX_URL, okxProtocol } from "./okx";
import { type ExchangeProtocol, ExchangeSocket, type SocketLog, type SocketTimings } from "./socket";

const PROTOCOLS: Record<FeedExchange, ExchangeProtocol> = { binance: binanceProtocol, okx: okxProtocol };

/** Where each exchange's public market-data WebSocket is: the exchanges' own, unless configured. */
export const DEFAULT_EXCHANGE_URLS: Record<FeedExchange, string> = { binance: BINANCE_URL, okx: OKX_URL };

const isExchange = (name: string): name is FeedExchange => Object.hasOwn(PROTOCOLS, name);

/** Opens real connections: one ExchangeSocket per exchange. */
export function exchangeConnector(options: {
  urls?: Partial<Record<FeedExchange, string>>;
  log?: SocketLog;
  timings?: Partial<SocketTimings>;
}): ConnectExchange {
  return (exchange, instruments, onTrade) => {
    if (!isExchange(exchange)) throw new Error(`no adapter for exchange ${exchange}`);
    return new ExchangeSocket({
      url: options.urls?.[exchange] ?? DEFAULT_EXCHANGE_URLS[exchange],
      protocol: PROTOCOLS[exchange],
      instruments,
      onTrade,
      ...(options.log ? { log: options.log } : {}),
      ...(options.timings ? { timings: options.timings } : {}),
    });
  };
}
