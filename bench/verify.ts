/**
 * `npm run bench -- verify`: how long a phone takes to verify one whole epoch of every synthetic product
 * with the verify package, in Debian Chromium at 4× CPU slowdown (Lighthouse's mobile setting). The
 * epoch is the last of a full-length chain, the dearest case: its seed is walked back to the anchor
 * through every epoch. Budget (docs/performance.md): under 1 s.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { build } from "esbuild";
import puppeteer from "puppeteer-core";
import { CATALOGUE } from "../apps/server/src/market/catalogue";
import {
  epochPath,
  formatScaled,
  scaledOf,
  seedChain,
  stepVolatilityPpm,
  TICK_GENESIS_HASH,
  tickHash,
  toHex,
} from "../packages/verify/src/index";
import type { PublishedChain, PublishedEpoch, RecordedTick } from "../packages/verify/src/verify-epoch";
import { verifyEpoch } from "../packages/verify/src/verify-epoch";
import { type BenchResult, fmt, table } from "./bench";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHAIN_EPOCHS = 8640;
const EPOCH_MS = 300_000;
const TICK_MS = 1000;
const RUNS = 5;
const BUDGET_MS = 1000;

interface Scenario {
  chain: PublishedChain;
  epoch: PublishedEpoch;
  recorded: Record<string, RecordedTick[]>;
}

/** The last epoch of a fresh chain over the catalogue, every tick of it recorded and chained. */
function scenario(): Scenario {
  const seeds = seedChain(new Uint8Array(randomBytes(32)), CHAIN_EPOCHS);
  const seed = seeds[CHAIN_EPOCHS] as Uint8Array;
  const startsAt = Date.UTC(2026, 0, 1) + (CHAIN_EPOCHS - 1) * EPOCH_MS;
  const n = EPOCH_MS / TICK_MS;
  const products = CATALOGUE.map((product) => ({
    symbol: product.symbol,
    precision: product.precision,
    stepVolatilityPpm: stepVolatilityPpm(product.simulation.annualVolatility, TICK_MS),
    meanVolume: String(scaledOf(product.simulation.meanVolume, product.volumePrecision)),
  }));
  const openings: Record<string, string> = {};
  const recorded: Record<string, RecordedTick[]> = {};
  for (const [i, product] of products.entries()) {
    const entry = CATALOGUE[i];
    if (!entry) continue;
    openings[product.symbol] = entry.simulation.startPrice;
    const opening = scaledOf(entry.simulation.startPrice, product.precision) ?? 1n;
    const params = { ...product, meanVolume: BigInt(product.meanVolume) };
    let prevHash = TICK_GENESIS_HASH;
    recorded[product.symbol] = epochPath(seed, params, opening, n).map((tick, index) => {
      const fields = {
        symbol: product.symbol,
        seq: String(index + 1),
        time: new Date(startsAt + index * TICK_MS).toISOString(),
        price: formatScaled(tick.price, product.precision),
        prevHash,
      };
      prevHash = tickHash(fields);
      return { ...fields, hash: prevHash };
    });
  }
  return {
    chain: {
      algorithm: "tickfair-synthetic-v1",
      anchor: toHex(seeds[0] as Uint8Array),
      tickMs: TICK_MS,
      products,
    },
    epoch: {
      index: CHAIN_EPOCHS,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + EPOCH_MS).toISOString(),
      seed: toHex(seed),
      openings,
    },
    recorded,
  };
}

/** The verifier as the phone gets it: one bundle of the package, no dependency. */
async function verifierBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: 'export { verifyEpoch } from "./verify-epoch";',
      resolveDir: path.resolve(import.meta.dirname, "../packages/verify/src"),
      loader: "ts",
    },
    bundle: true,
    format: "iife",
    globalName: "TickfairVerify",
    target: "es2022",
    minify: true,
    write: false,
  });
  return result.outputFiles[0]?.text ?? "";
}

/** Milliseconds for each run of verifying every product's epoch in the page, and whether all held. */
async function inBrowser(bundle: string, data: Scenario, cpuSlowdown: number) {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    await page.emulateCPUThrottling(cpuSlowdown);
    const times: number[] = [];
    let ok = true;
    // A fresh page and verifier each run: nothing one run learnt (a walked seed) helps the next.
    for (let run = 0; run < RUNS; run++) {
      await page.setContent("<!doctype html><title>verify</title>");
      await page.addScriptTag({ content: bundle });
      const once = await page.evaluate((input: Scenario) => {
        const { verifyEpoch: verify } = (
          globalThis as unknown as { TickfairVerify: { verifyEpoch: typeof verifyEpoch } }
        ).TickfairVerify;
        const t0 = performance.now();
        let held = true;
        for (const product of input.chain.products)
          held =
            verify(input.chain, input.epoch, product.symbol, input.recorded[product.symbol] ?? []).ok && held;
        return { ms: performance.now() - t0, held };
      }, data);
      times.push(once.ms);
      ok = ok && once.held;
    }
    return { times, ok };
  } finally {
    await browser.close();
  }
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runVerifyBench(): Promise<BenchResult> {
  const data = scenario();
  const ticks = Object.values(data.recorded).reduce((sum, list) => sum + list.length, 0);
  const t0 = performance.now();
  const nodeOk = data.chain.products.every(
    (product) => verifyEpoch(data.chain, data.epoch, product.symbol, data.recorded[product.symbol] ?? []).ok,
  );
  const nodeMs = performance.now() - t0;
  const bundle = await verifierBundle();
  const plain = await inBrowser(bundle, data, 1);
  const slowed = await inBrowser(bundle, data, 4);
  const slowedMs = median(slowed.times);
  console.log(
    table([
      ["one epoch of every product", "ms (median of 5)"],
      ["Node", fmt(nodeMs, 1)],
      ["Chromium", fmt(median(plain.times), 1)],
      ["Chromium, 4× CPU slowdown", fmt(slowedMs, 1)],
    ]),
  );
  console.log(
    `${data.chain.products.length} products × ${ticks / data.chain.products.length} ticks, epoch ${CHAIN_EPOCHS} of ${CHAIN_EPOCHS}, bundle ${fmt(bundle.length)} B; budget ≤ ${BUDGET_MS} ms at 4×: ${slowedMs <= BUDGET_MS ? "met" : "missed"}`,
  );
  return {
    ok: nodeOk && plain.ok && slowed.ok,
    summary: {
      bench: "verify",
      products: data.chain.products.length,
      ticks,
      epoch_index: CHAIN_EPOCHS,
      node_ms: Math.round(nodeMs),
      chromium_ms: Math.round(median(plain.times)),
      chromium_4x_ms: Math.round(slowedMs),
      bundle_bytes: bundle.length,
    },
  };
}
