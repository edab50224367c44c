import { paths } from "../../lib/paths";

/** "BTC/USDT", "btc-usdt" and "BTCUSDT" name the same product (the server's reading of a symbol). */
const code = (symbol: string) => symbol.replace(/[^A-Za-z0-9]/g, "").toUpperCase();

/** Whether the address is `symbol`'s trading page, where its result shows as a card instead of a notice. */
export function isShowingProduct(pathname: string, search: string, symbol: string): boolean {
  if (pathname !== paths.detail) return false;
  const shown = new URLSearchParams(search).get("symbol");
  return shown !== null && code(shown) === code(symbol);
}
