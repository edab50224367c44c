import { describe, expect, it } from "vitest";
import { detailPath, orderDetailPath, orderVerifyPath, paths } from "../../lib/paths";
import { showsResult } from "./settlement-notice";

const btc = { id: "41", symbol: "BTC/USDT" };
const at = (address: string) => {
  const url = new URL(address, "http://app");
  return showsResult(url.pathname, url.search, btc);
};

describe("where a settled contract needs a notice", () => {
  it("nowhere its result already shows: its product's page, however written, the orders, its own page", () => {
    expect(at(detailPath("BTC/USDT"))).toBe(true);
    expect(at(`${paths.detail}?symbol=btc-usdt`)).toBe(true);
    expect(at(paths.order)).toBe(true);
    expect(at(`${paths.order}?tab=closed`)).toBe(true);
    expect(at(orderDetailPath("41"))).toBe(true);
    expect(at(orderVerifyPath("41"))).toBe(true);
  });

  it("everywhere else: another product's page, another contract's page, home, the personal center", () => {
    expect(at(detailPath("ETH/USDT"))).toBe(false);
    expect(at(paths.detail)).toBe(false);
    expect(at(orderDetailPath("42"))).toBe(false);
    expect(at(paths.home)).toBe(false);
    expect(at(paths.user)).toBe(false);
  });
});
