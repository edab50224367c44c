import { toMinor } from "@tickfair/contract";
import type { Db } from "../platform/db";
import { CATALOGUE, type CatalogueProduct } from "./catalogue";

/**
 * Adds the catalogue's products that the database does not have yet, with their durations. Idempotent
 * and safe on several nodes at once; never touches an existing product, so operators' changes stay.
 */
export async function seedCatalogue(
  db: Db,
  catalogue: readonly CatalogueProduct[] = CATALOGUE,
): Promise<string[]> {
  if (catalogue.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    const m = tx;
    const inserted = await m
      .insertInto("products")
      .values(
        catalogue.map((product, index) => ({
          symbol: product.symbol,
          category: product.category,
          names: JSON.stringify(product.names),
          price_precision: product.precision,
          volume_precision: product.volumePrecision,
          schedule: product.schedule,
          min_stake: toMinor(product.minStake),
          max_stake: toMinor(product.maxStake),
          source: "simulated",
          sort_order: (index + 1) * 10,
        })),
      )
      .onConflict((conflict) => conflict.column("symbol").doNothing())
      .returning("symbol")
      .execute();
    const added = new Set(inserted.map((row) => row.symbol));
    const durations = catalogue
      .filter((product) => added.has(product.symbol))
      .flatMap((product) =>
        product.durations.map((duration) => ({
          symbol: product.symbol,
          seconds: duration.seconds,
          payout_rate_bps: duration.payoutRateBps,
        })),
      );
    if (durations.length > 0) await m.insertInto("product_durations").values(durations).execute();
    return [...added];
  });
}
