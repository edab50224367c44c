import { fairness, fairnessEpochPage, tickList } from "@tickfair/contract";
import { epochPath, fromHex, type PathParams, seedLeadsTo } from "@tickfair/verify";
import { expect, onTestFinished } from "vitest";
import { ManualClock } from "../platform/clock";
import { formatScaled } from "./prices";
import { buildMarketTestApp, createMarketTestDb } from "./testing";

/** What the fairness tests share: a market app on a manual clock, and reading back what is published. */

// A Monday: every catalogue product is open. Epochs of ten one-second ticks from 08:00:00.
export const START = Date.parse("2026-01-05T08:00:00Z");
export const at = (epoch: number, tick: number, plusMs = 0) =>
  START + (epoch - 1) * 10_000 + tick * 1_000 + plusMs;

/** A fresh database and app for the running test, closed when it finishes. */
export async function setup(start = START) {
  const testDb = await createMarketTestDb();
  const clock = new ManualClock(new Date(start));
  const app = await buildMarketTestApp(testDb.db, clock);
  onTestFinished(async () => {
    await app.close();
    await testDb.destroy();
  });
  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  return { db: testDb.db, clock, app, get };
}

type Setup = Awaited<ReturnType<typeof setup>>;

export const seedsInDb = async (s: Setup) =>
  (
    await s.db.selectFrom("fairness_epochs").select(["epoch_index", "seed"]).orderBy("epoch_index").execute()
  ).map((row) => [row.epoch_index, row.seed !== null] as const);

/** Everything an outsider reads: the commitment, then every page of epochs. */
export async function published(s: Setup) {
  const state = fairness.parse((await s.get("/api/v1/fairness")).body);
  const epochs = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page = fairnessEpochPage.parse(
      (await s.get(`/api/v1/fairness/epochs?limit=3${cursor ? `&cursor=${cursor}` : ""}`)).body,
    );
    epochs.push(...page.items);
    cursor = page.nextCursor;
  }
  return { state, epochs };
}

/** Recomputes an epoch from what is published, as the verifier does, and compares each recorded price. */
export async function expectEpochMatchesRecord(s: Setup, index: number, recordedTicks: readonly number[]) {
  const { state, epochs } = await published(s);
  const epoch = epochs.find((e) => e.index === index);
  if (!epoch?.seed) throw new Error(`epoch ${index} has no seed`);
  expect(seedLeadsTo(epoch.seed, index, state.anchor)).toBe(true);
  const seed = fromHex(epoch.seed) as Uint8Array;
  for (const product of state.products) {
    const params: PathParams = {
      symbol: product.symbol,
      stepVolatilityPpm: product.stepVolatilityPpm,
      meanVolume: BigInt(product.meanVolume),
    };
    const opening = BigInt((epoch.openings[product.symbol] ?? "").replace(".", ""));
    const path = epochPath(seed, params, opening, state.epochSeconds * (1000 / state.tickMs));
    const served = tickList.parse(
      (
        await s.get(
          `/api/v1/market/products/${encodeURIComponent(product.symbol)}/ticks?from=${epoch.startsAt}&to=${new Date(Date.parse(epoch.endsAt) - 1).toISOString()}`,
        )
      ).body,
    ).items;
    expect(
      served.map((tick) => [tick.time, tick.price]),
      product.symbol,
    ).toEqual(
      recordedTicks.map((i) => [
        new Date(Date.parse(epoch.startsAt) + i * state.tickMs).toISOString(),
        formatScaled(path[i]?.price ?? 0n, product.precision),
      ]),
    );
    const volumes = await s.db
      .selectFrom("ticks")
      .select("volume")
      .where("symbol", "=", product.symbol)
      .where("time", ">=", new Date(epoch.startsAt))
      .where("time", "<", new Date(epoch.endsAt))
      .orderBy("seq")
      .execute();
    expect(volumes.map((row) => row.volume)).toEqual(recordedTicks.map((i) => path[i]?.volume));
  }
  return { state, epochs };
}
