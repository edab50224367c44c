import { useTestDb } from "../test/harness";
import { recordTerms } from "./terms";
import { createMarketTestDb } from "./testing";

/** What the ticks tests share: a market test database for the file, and products made fresh per test. */

export function useTicksTestDb() {
  const testDb = useTestDb(createMarketTestDb);

  /** Each test gets products of its own: chains are per product, so tests cannot disturb each other. */
  let productCounter = 0;
  async function freshProduct(
    options: {
      precision?: number;
      volumePrecision?: number;
      schedule?: string;
      source?: "simulated" | "exchanges";
    } = {},
  ) {
    productCounter += 1;
    const symbol = `T${productCounter}/USD`;
    // A product's current terms are published with it, or the database refuses the product.
    await testDb.db.transaction().execute(async (tx) => {
      await tx
        .insertInto("products")
        .values({
          symbol,
          category: "crypto",
          names: JSON.stringify({ en: `Test ${productCounter}` }),
          price_precision: options.precision ?? 2,
          volume_precision: options.volumePrecision ?? 2,
          schedule: options.schedule === "fx_week" ? "fx_week" : "always",
          min_stake: 1000n,
          max_stake: 100000n,
          source: options.source ?? "simulated",
        })
        .execute();
      await recordTerms(tx, symbol, 1, new Date(), { durations: [], minStake: 1000n, maxStake: 100000n });
    });
    return symbol;
  }

  async function storedRows(symbol: string) {
    return testDb.db.selectFrom("ticks").selectAll().where("symbol", "=", symbol).orderBy("seq").execute();
  }

  return { testDb, freshProduct, storedRows };
}

export const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 8, 0, 0) + seconds * 1000).toISOString();
