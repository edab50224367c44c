import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { chainEndsAt } from "./fairness-chain";
import { openTestFeed, TEST_CHAIN } from "./testing";

/** The console's side of the rule that no simulated price plays without a chain committing it. */
const t = useTestApp({ FEED_ENABLED: false });
const API = "/api/v1/operator/market/products";
const SOURCES = [
  { exchange: "binance", instrument: "ETHUSDT" },
  { exchange: "okx", instrument: "ETH-USDT" },
];

async function consoleAs(locale = "en") {
  const { headers } = await operatorAuth(t, "admin");
  const put = (path: string, payload: object) =>
    t.app.inject({
      method: "PUT",
      url: `${API}/${encodeURIComponent("ETH/USDT")}${path}`,
      payload: { ...payload, reason: "the weekly check" },
      headers: { ...headers, "accept-language": locale },
    });
  return {
    setStatus: (status: "open" | "maintenance") => put("", { status }),
    setSources: (sources: object[]) => put("/feed", { sources, minLiveSources: sources.length ? 2 : 1 }),
  };
}

const refusal = (response: {
  statusCode: number;
  json: () => { error: { code: string; message: string } };
}) => [response.statusCode, response.json().error.code, response.json().error.message];

describe("a simulated product without a chain", () => {
  it("is refused opening, and a product is refused going back to the simulator, until a chain commits the prices", async () => {
    const { setStatus, setSources } = await consoleAs();
    // None was ever made: maintenance is fine, opening is not.
    expect((await setStatus("maintenance")).statusCode).toBe(200);
    const open = await setStatus("open");
    expect(refusal(open)).toEqual([
      409,
      "FAIRNESS_CHAIN_MISSING",
      "No seed chain commits this product's prices now, so a simulated product cannot open. Publish a chain first: start the feed with a new FAIRNESS_SECRET.",
    ]);
    const zh = await (await consoleAs("zh-CN")).setStatus("open");
    expect(refusal(zh)[2]).toBe(
      "当前没有种子链锁定该产品的价格，模拟行情产品无法开启。请先发布种子链：以新的 FAIRNESS_SECRET 启动行情。",
    );
    // Priced by exchanges it may open; given back to the simulator it may not.
    expect((await setSources(SOURCES)).statusCode).toBe(200);
    expect((await setStatus("open")).statusCode).toBe(200);
    expect(refusal(await setSources([])).slice(0, 2)).toEqual([409, "FAIRNESS_CHAIN_MISSING"]);
    const product = await t.db
      .selectFrom("products")
      .select(["source", "status"])
      .where("symbol", "=", "ETH/USDT")
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ source: "exchanges", status: "open" });

    // A chain playing: both are allowed.
    const feed = await openTestFeed(t.db, t.clock);
    expect((await setSources([])).statusCode).toBe(200);
    expect((await setStatus("maintenance")).statusCode).toBe(200);
    expect((await setStatus("open")).statusCode).toBe(200);

    // The chain has ended and no successor is published: refused again.
    t.clock.set(new Date(chainEndsAt(feed.chain) + 1000));
    expect(feed.chain.length).toBe(TEST_CHAIN.length);
    const late = await consoleAs();
    expect((await late.setStatus("maintenance")).statusCode).toBe(200);
    expect(refusal(await late.setStatus("open")).slice(0, 2)).toEqual([409, "FAIRNESS_CHAIN_MISSING"]);
    expect((await late.setSources(SOURCES)).statusCode).toBe(200);
    expect(refusal(await late.setSources([])).slice(0, 2)).toEqual([409, "FAIRNESS_CHAIN_MISSING"]);
  });
});
