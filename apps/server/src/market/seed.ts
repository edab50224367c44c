import { toMinor } from "@tickfair/contract";
import type { Db } from "../platform/db";
import { CATALOGUE, type CatalogueProduct } from "./catalogue";
import { recordTerms } from "./terms";

/** A catalogue product's row, at its place in display order (`index`). */
export const productRow = (product: CatalogueProduct, index: number) => ({
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
});

/** A catalogue product's rows of the durations it offers. */
export const durationRows = (product: CatalogueProduct) =>
  product.durations.map((duration) => ({
    symbol: product.symbol,
    seconds: duration.seconds,
    payout_rate_bps: duration.payoutRateBps,
  }));

/**
 * Adds the catalogue's products that the database does not have yet, with their durations and the first
 * version of their terms. Idempotent and safe on several nodes at once; never touches an existing
 * product, so operators' changes stay.
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
      .values(catalogue.map(productRow))
      .onConflict((conflict) => conflict.column("symbol").doNothing())
      .returning(["symbol", "created_at"])
      .execute();
    const added = new Set(inserted.map((row) => row.symbol));
    const durations = catalogue.filter((product) => added.has(product.symbol)).flatMap(durationRows);
    if (durations.length > 0) await m.insertInto("product_durations").values(durations).execute();
    for (const row of inserted) {
      const product = catalogue.find((p) => p.symbol === row.symbol) as CatalogueProduct;
      await recordTerms(m, row.symbol, 1, row.created_at, {
        durations: product.durations.toSorted((a, b) => a.seconds - b.seconds),
        minStake: toMinor(product.minStake),
        maxStake: toMinor(product.maxStake),
      });
    }
    return [...added];
  });
}
