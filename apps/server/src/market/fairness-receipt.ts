import type { ContractReceipt } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { positionAt } from "./fairness-chain";
import { chainAt, readChains } from "./fairness-store";
import { formatScaled } from "./prices";

export type ReceiptCommitment = NonNullable<ContractReceipt["fairness"]>;

/**
 * What a receipt needs of the commitment the product's ticks from `from` to `to` follow: the chain's
 * anchor and schedule, the product's published parameters, and each epoch the span touches with its
 * opening and, once the epoch has ended by `now`, its seed (never before, whatever the row holds).
 * Null when the span is on no chain, the product is not one of the chain's (a real feed), or the span
 * runs past the chain's end (its ticks belong to a successor the receipt cannot name too).
 */
export async function receiptCommitment(
  m: Executor,
  symbol: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<ReceiptCommitment | null> {
  const chain = chainAt(await readChains(m), from.getTime());
  const product = chain?.products.find((p) => p.symbol === symbol);
  if (!chain || !product) return null;
  const first = positionAt(chain, from.getTime());
  const last = positionAt(chain, to.getTime());
  if (!first || !last || last.epoch > chain.length) return null;
  const rows = await m
    .selectFrom("fairness_epochs")
    .select(["epoch_index", "starts_at", "ends_at", "seed", "openings"])
    .where("chain_id", "=", chain.id)
    .where("epoch_index", ">=", first.epoch)
    .where("epoch_index", "<=", last.epoch)
    .orderBy("epoch_index")
    .execute();
  const epochs = rows.flatMap((row) => {
    const opening = row.openings[symbol];
    if (opening === undefined) return [];
    return [
      {
        index: row.epoch_index,
        startsAt: row.starts_at.toISOString(),
        seed: row.ends_at.getTime() <= now.getTime() ? row.seed : null,
        opening: formatScaled(BigInt(opening), product.precision),
      },
    ];
  });
  return {
    algorithm: chain.algorithm,
    anchor: chain.anchor,
    chainStartsAt: new Date(chain.startsAt).toISOString(),
    epochMs: chain.epochMs,
    tickMs: chain.tickMs,
    product: {
      symbol: product.symbol,
      precision: product.precision,
      volumePrecision: product.volumePrecision,
      stepVolatilityPpm: product.stepVolatilityPpm,
      meanVolume: product.meanVolume.toString(),
    },
    epochs,
  };
}
