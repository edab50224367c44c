import { paths } from "../../lib/paths";

/** "BTC/USDT", "btc-usdt" and "BTCUSDT" name the same product (the server's reading of a symbol). */
const code = (symbol: string) => symbol.replace(/[^A-Za-z0-9]/g, "").toUpperCase();

/**
 * Whether the screen at this address shows the contract's result by itself, so no notice is needed:
 * its product's trading page (the result card), the orders page (the position turns into its result,
 * then a closed record) and the contract's own page.
 */
export function showsResult(
  pathname: string,
  search: string,
  contract: { id: string; symbol: string },
): boolean {
  const params = new URLSearchParams(search);
  if (pathname === paths.detail) {
    const shown = params.get("symbol");
    return shown !== null && code(shown) === code(contract.symbol);
  }
  if (pathname === paths.order) return true;
  return pathname === paths.orderDetail && params.get("id") === contract.id;
}
