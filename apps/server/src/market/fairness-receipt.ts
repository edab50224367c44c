import type { ContractReceipt } from "@tickfair/contract";
import type { Executor } from "../platform/db";
import { type Chain, chainEndsAt, positionAt } from "./fairness-chain";
import { readChains } from "./fairness-store";
import { formatScaled } from "./prices";

export type ReceiptCommitment = NonNullable<ContractReceipt["fairness"]>;
type ReceiptSegment = ReceiptCommitment[number];

/**
 * What a receipt needs of the commitment the product's ticks from `from` to `to` follow: one segment
 * per chain the span touches, oldest first (a span across a hand-over touches a chain and its
 * successor), each with the chain's anchor, schedule and length, the product's parameters in it, and
 * each epoch of the span with its opening and, once the epoch has ended by `now`, its seed (never
 * before, whatever the row holds). Null when no chain the span touches commits the product (a real
 * feed, or ticks before any chain).
 */
export async function receiptCommitment(
  m: Executor,
  symbol: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<ReceiptCommitment | null> {
  const chains = (await readChains(m)).filter(
    (chain) => chain.startsAt <= to.getTime() && from.getTime() < chainEndsAt(chain),
  );
  const segments: ReceiptSegment[] = [];
  for (const chain of chains) {
    const segment = await segmentOf(m, chain, symbol, from, to, now);
    if (segment) segments.push(segment);
  }
  return segments.length > 0 ? segments : null;
}

async function segmentOf(
  m: Executor,
  chain: Chain,
  symbol: string,
  from: Date,
  to: Date,
  now: Date,
): Promise<ReceiptSegment | null> {
  const product = chain.products.find((p) => p.symbol === symbol);
  if (!product) return null;
  const first = positionAt(chain, Math.max(from.getTime(), chain.startsAt))?.epoch ?? 1;
  const last = Math.min(positionAt(chain, to.getTime())?.epoch ?? 1, chain.length);
  const rows = await m
    .selectFrom("fairness_epochs")
    .select(["epoch_index", "starts_at", "ends_at", "seed", "openings"])
    .where("chain_id", "=", chain.id)
    .where("epoch_index", ">=", first)
    .where("epoch_index", "<=", last)
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
    chainLength: chain.length,
    // Only a successor is published without openings: it opens at its predecessor's last prices.
    successor: product.openingPrice === null,
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
