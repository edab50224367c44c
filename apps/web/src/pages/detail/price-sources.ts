import type { FeedExchange } from "@tickfair/contract";

/** Exchanges by their own brand names, which no locale translates. */
const EXCHANGE_NAMES: Record<FeedExchange, string> = { binance: "Binance", okx: "OKX" };

/** The exchanges pricing a real market as the locale lists things: "Binance and OKX", "Binance 和 OKX". */
export function formatPriceSources(exchanges: readonly FeedExchange[], locale: string): string {
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(
    exchanges.map((exchange) => EXCHANGE_NAMES[exchange]),
  );
}
