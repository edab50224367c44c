import type { ChainHeadPage, Fairness, FairnessEpochPage } from "@tickfair/contract";
import { sql } from "kysely";
import type { Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { PageRequest } from "../platform/newest-first-page";
import { cursorId, pageOfRows } from "../platform/pagination";
import { type Chain, epochEndsAt, epochStartsAt, positionAt } from "./fairness-chain";
import { chainAt, firstOpenings, readChains } from "./fairness-store";
import { formatScaled } from "./prices";
import { findProduct } from "./service";

const iso = (ms: number) => new Date(ms).toISOString();

/** The chain the public pages speak of: the one playing, else the first to come. */
async function publicChain(m: Executor, now: Date): Promise<{ chain: Chain; chains: Chain[] }> {
  const chains = await readChains(m);
  const chain = chainAt(chains, now.getTime()) ?? chains[0];
  // No chain before the feed has first run with a secret: nothing is committed yet.
  if (!chain) throw new AppError("NOT_FOUND");
  return { chain, chains };
}

/** GET /fairness: what the synthetic markets are committed to (docs/fairness.md). */
export async function fairnessState(m: Executor, now: Date): Promise<Fairness> {
  const { chain, chains } = await publicChain(m, now);
  const position = positionAt(chain, now.getTime());
  const current = position && position.epoch <= chain.length ? position.epoch : null;
  const next = chains.find((other) => other.startsAt > chain.startsAt);
  // A successor's openings are its predecessor's last prices: published once its first epoch begins.
  const opened = chain.products.some((product) => product.openingPrice === null)
    ? await firstOpenings(m, chain)
    : null;
  return {
    algorithm: chain.algorithm,
    anchor: chain.anchor,
    epochSeconds: chain.epochMs / 1000,
    tickMs: chain.tickMs,
    startsAt: iso(chain.startsAt),
    chainLength: chain.length,
    products: chain.products.map((product) => {
      const opening = product.openingPrice ?? opened?.get(product.symbol) ?? null;
      return {
        symbol: product.symbol,
        precision: product.precision,
        volumePrecision: product.volumePrecision,
        stepVolatilityPpm: product.stepVolatilityPpm,
        meanVolume: product.meanVolume.toString(),
        openingPrice: opening === null ? null : formatScaled(opening, product.precision),
      };
    }),
    earlierChains: chains
      .filter((other) => other.startsAt < chain.startsAt)
      .map((other) => ({ anchor: other.anchor, startsAt: iso(other.startsAt), chainLength: other.length })),
    nextChain: next ? { anchor: next.anchor, startsAt: iso(next.startsAt) } : null,
    currentEpoch:
      current === null
        ? null
        : {
            index: current,
            startsAt: iso(epochStartsAt(chain, current)),
            endsAt: iso(epochEndsAt(chain, current)),
          },
  };
}

/**
 * GET /fairness/epochs: the chain's epochs that have begun, newest first. A seed shows only once its
 * epoch has ended by this server's clock, whatever the row holds.
 */
export async function fairnessEpochs(m: Executor, now: Date, page: PageRequest): Promise<FairnessEpochPage> {
  const { chain } = await publicChain(m, now);
  const precision = new Map(chain.products.map((product) => [product.symbol, product.precision]));
  const before = cursorId(page.cursor);
  const rows = await m
    .selectFrom("fairness_epochs")
    .select(["epoch_index", "starts_at", "ends_at", "seed", "openings"])
    .where("chain_id", "=", chain.id)
    .$if(before !== null, (q) => q.where("epoch_index", "<", Number(before)))
    .orderBy("epoch_index", "desc")
    .limit(page.limit + 1)
    .execute();
  return pageOfRows(
    rows.map((row) => ({ ...row, id: BigInt(row.epoch_index) })),
    page.limit,
    (row) => ({
      index: row.epoch_index,
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      seed: row.ends_at.getTime() <= now.getTime() ? row.seed : null,
      openings: Object.fromEntries(
        Object.entries(row.openings).map(([symbol, price]) => [
          symbol,
          formatScaled(BigInt(price), precision.get(symbol) ?? 0),
        ]),
      ),
    }),
  );
}

/**
 * GET /fairness/heads: a product's last tick hash at the end of each platform day that has ended,
 * newest first (cursor: the previous page's last date). Found through the 15-minute candles, whose
 * buckets every time zone's midnight falls on, so a day costs one index lookup, not a scan of its ticks.
 */
export async function chainHeadsByDay(
  m: Executor,
  now: Date,
  timeZone: string,
  symbol: string,
  page: PageRequest,
): Promise<ChainHeadPage> {
  const product = await findProduct(m, symbol);
  const first = await m
    .selectFrom("ticks")
    .select("time")
    .where("symbol", "=", product.symbol)
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  if (!first) return { symbol: product.symbol, items: [], nextCursor: null };
  // The newest day listed: yesterday, or the day before the cursor's.
  const newest = page.cursor ?? null;
  const { rows } = await sql<{ date: string; ends_at: Date; seq: bigint; time: Date; hash: string }>`
    select to_char(d, 'YYYY-MM-DD') as date, (d + interval '1 day') at time zone ${timeZone} as ends_at,
      t.seq, t.time, encode(t.hash, 'hex') as hash
    from generate_series(
      coalesce(${newest}::date - 1, date_trunc('day', ${now}::timestamptz at time zone ${timeZone})::date - 1)::timestamp,
      date_trunc('day', ${first.time}::timestamptz at time zone ${timeZone}),
      interval '-1 day') as d
    cross join lateral (
      select c.last_seq from candles c
      where c.symbol = ${product.symbol} and c.period = '15m'
        and c.bucket_start < (d + interval '1 day') at time zone ${timeZone}
      order by c.bucket_start desc limit 1) as c
    join ticks t on t.symbol = ${product.symbol} and t.seq = c.last_seq
    order by d desc
    limit ${page.limit + 1}`.execute(m);
  const items = rows.slice(0, page.limit).map((row) => ({
    date: row.date,
    endsAt: new Date(row.ends_at).toISOString(),
    seq: String(row.seq),
    time: new Date(row.time).toISOString(),
    hash: row.hash,
  }));
  const last = items[items.length - 1];
  return { symbol: product.symbol, items, nextCursor: rows.length > page.limit && last ? last.date : null };
}
