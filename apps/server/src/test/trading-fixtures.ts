import { sql } from "kysely";
import { expect } from "vitest";
import type { App } from "../app";
import { symbolCode, symbolCodeOf } from "../market";
import { lastTicks } from "../market/chain-heads";
import { seedCatalogue } from "../market/seed";
import { feedTick } from "../market/testing";
import { recordTicks } from "../market/ticks";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { assignEntries } from "../trading/service";
import { settleDueContracts } from "../trading/settlement";
import { postWithKey } from "./cashier-fixtures";
import type { TestContext } from "./harness";

/** Prices tests quote at when a product has no recent tick (minor units of each product's precision). */
const QUOTE_PRICE = 1_000_000n;

/**
 * A quote an order may go with now, as the confirmation sheet shows one: the product's latest tick when
 * it is fresh on the test clock (within the default QUOTE_MAX_AGE_SECONDS), else a tick recorded at the
 * clock's time. A product that does not exist or is not trading gets a seq no fresh tick has.
 */
export async function freshQuote(t: { db: Db; clock: Clock }, symbol: string): Promise<string> {
  const found = await sql<{ symbol: string }>`
    select symbol from products where ${symbolCodeOf(sql.ref("symbol"))} = ${symbolCode(symbol)}`.execute(
    t.db,
  );
  const product = found.rows[0]?.symbol;
  if (!product) return "1";
  const now = t.clock.now();
  const latest = (await lastTicks(t.db)).get(product);
  if (latest && now.getTime() - latest.time.getTime() <= 5_000) return String(latest.seq);
  await recordTicks(t.db, [feedTick(product, now.toISOString(), latest?.price ?? QUOTE_PRICE)]);
  // A product that is not trading records no tick: its orders are refused before their quote is read.
  const recorded = (await lastTicks(t.db)).get(product);
  return recorded && recorded.time.getTime() === now.getTime() ? String(recorded.seq) : "1";
}

/** The order with a fresh quote of its product, unless it names one already. */
export async function quoted<T extends { symbol?: unknown; quoteSeq?: unknown }>(
  t: { db: Db; clock: Clock },
  order: T,
): Promise<T & { quoteSeq: unknown }> {
  if (order.quoteSeq !== undefined || typeof order.symbol !== "string")
    return { ...order, quoteSeq: order.quoteSeq };
  return { ...order, quoteSeq: await freshQuote(t, order.symbol) };
}

/** A contract the user `auth` signs in placed through the API; the test fails unless it was taken. */
export async function placeContract(
  app: App,
  auth: Record<string, string>,
  order: { symbol: string; direction: "up" | "down"; stake: string; durationSeconds: number },
) {
  const placed = await postWithKey(app, "/api/v1/trading/contracts", auth, await quoted(app.tickfair, order));
  expect(placed.statusCode, placed.body).toBe(201);
  return placed;
}

/**
 * An open BTC/USDT contract: a tick at the clock's time, the 10.00 order `place` sends at that tick's
 * quote (under `symbol`, the name the caller uses for the product), then the tick that gives it its entry.
 * `place` answers with the new contract's id.
 */
export async function openContract(
  t: TestContext,
  place: (order: {
    symbol: string;
    direction: "up";
    stake: string;
    durationSeconds: number;
    quoteSeq: string;
  }) => Promise<string>,
  symbol = "BTC/USDT",
) {
  const now = t.clock.now().getTime();
  await recordTicks(t.db, [feedTick("BTC/USDT", new Date(now).toISOString(), 9_000_000n)]);
  const quoteSeq = await freshQuote(t, "BTC/USDT");
  const id = await place({ symbol, direction: "up", stake: "10.00", durationSeconds: 60, quoteSeq });
  await recordTicks(t.db, [feedTick("BTC/USDT", new Date(now + 1000).toISOString(), 9_100_000n)]);
  await assignEntries(t.db);
  return id;
}

/**
 * openContract's BTC/USDT contract, placed through the API by the user `auth` signs in, then settled:
 * ticks at `exitPrice` 60 and 61 s after its entry, and the clock at its settlement time. Answers the
 * contract's id and what that settlement settled.
 */
export async function placeAndSettle(t: TestContext, auth: Record<string, string>, exitPrice: bigint) {
  const id = await openContract(t, async (order) => {
    const placed = await postWithKey(t.app, "/api/v1/trading/contracts", auth, order);
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json<{ id: string }>().id;
  });
  const entry = t.clock.now().getTime() + 1000;
  await recordTicks(t.db, [
    feedTick("BTC/USDT", new Date(entry + 60_000).toISOString(), exitPrice),
    feedTick("BTC/USDT", new Date(entry + 61_000).toISOString(), exitPrice),
  ]);
  t.clock.set(new Date(entry + 61_000));
  await assignEntries(t.db);
  return { id, settled: await settleDueContracts(t.db, t.clock.now()) };
}

/** A 20.00 stake of the user `auth` signs in, up on ETH/USDT for 30 seconds, the catalogue seeded first. */
export async function stakeOnEther(t: TestContext, auth: Record<string, string>) {
  await seedCatalogue(t.db);
  await placeContract(t.app, auth, {
    symbol: "ETH/USDT",
    direction: "up",
    stake: "20.00",
    durationSeconds: 30,
  });
}
