import { randomBytes } from "node:crypto";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { PublicChannel } from "../platform/realtime";
import { MarketBus } from "./bus";
import { alignCandleCalendar } from "./candle-store";
import { CATALOGUE } from "./catalogue";
import { exchangeConnector } from "./exchanges";
import { type ChainSettings, openChain } from "./fairness-open";
import { applyFeedHealth, loadMedianProducts } from "./feed-config";
import { FeedRunner, type MarketLog } from "./feed-runner";
import { recordClosedHistory } from "./history";
import { MarketChannel } from "./live";
import { MedianFeed, type MedianProduct } from "./median-feed";
import { MixedFeed } from "./mixed-feed";
import { seedCatalogue } from "./seed";
import { SyntheticFeed } from "./synthetic-feed";

export interface MarketOptions {
  /** FEED_ENABLED: run the feed in this process (on PostgreSQL: take part in the election). */
  feedEnabled: boolean;
  /**
   * FEED_SEED: fixes the closed markets' simulated last session (history.ts) for demos and tests.
   * Unset, each start draws one. The live prices come from the fairness chain, never from this.
   */
  feedSeed?: string | undefined;
  /** FEED_INTERVAL_MS: time between ticks of a product (default 1000); a new chain's tick interval. */
  feedIntervalMs?: number | undefined;
  /** A new chain's epoch length (FAIRNESS_EPOCH_SECONDS) and number of epochs (FAIRNESS_CHAIN_EPOCHS). */
  fairness: { epochMs: number; length: number };
  /**
   * The chain's secret s_N, asked for only when this process takes the feed over (followers never
   * hold it). Throws FairnessRefusal when there is none to be had.
   */
  loadSecret: () => Uint8Array;
  /** The successor chain's secret, if configured (FAIRNESS_NEXT_SECRET); read like the secret. */
  loadNextSecret?: () => Uint8Array | null;
  /** DATABASE_URL: with PostgreSQL the feed runs in one process only (advisory lock). */
  databaseUrl?: string | undefined;
  /** FEED_BINANCE_URL, FEED_OKX_URL: the exchanges' market-data WebSockets (a local server in tests). */
  exchangeUrls?: { binance?: string | undefined; okx?: string | undefined };
  /** FEED_STALE_MS: an exchange market silent this long no longer counts as live (default 5000). */
  feedStaleMs?: number | undefined;
  /** How often the feed's leader rereads which products exchanges price (default 5000). */
  feedReloadMs?: number | undefined;
  /** PLATFORM_TZ: the clock day and week candles follow. */
  platformTimeZone: string;
}

/** The market capability's running parts, handed to routes, the WebSocket and settlement. */
export interface Market {
  bus: MarketBus;
  runner: FeedRunner;
  /** Tickers and a product's ticks on the realtime socket. */
  live: PublicChannel;
  /** Seeds missing catalogue products, aligns the candles' calendar, then starts the feed if enabled (onReady). */
  start(): Promise<void>;
  /** Stops the feed and waits for its last write (preClose, before the database closes). */
  stop(): Promise<void>;
}

export function createMarket(deps: { db: Db; clock: Clock; log: MarketLog }, options: MarketOptions): Market {
  const bus = new MarketBus((error) => deps.log.error({ err: error }, "market: a tick listener failed"));
  const historySeed = options.feedSeed ?? randomBytes(32).toString("hex");
  const settings: ChainSettings = {
    epochMs: options.fairness.epochMs,
    tickMs: options.feedIntervalMs ?? 1000,
    length: options.fairness.length,
  };
  const runner = new FeedRunner({
    db: deps.db,
    bus,
    log: deps.log,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    prepare: () => recordClosedHistory(deps.db, deps.clock.now(), { seed: historySeed }),
    createSource: async (resumeFrom) => {
      const opened = await openChain(
        deps.db,
        deps.clock.now(),
        options.loadSecret(),
        settings,
        CATALOGUE,
        deps.log,
        options.loadNextSecret?.() ?? null,
      );
      const simulator = new SyntheticFeed({
        ...opened,
        db: deps.db,
        clock: deps.clock,
        log: deps.log,
        lastRecorded: new Map([...resumeFrom].map(([symbol, last]) => [symbol, last.time])),
      });
      await simulator.prepare(deps.clock.now());
      return new MixedFeed({
        simulator,
        loadProducts: () => loadMedianProducts(deps.db),
        createMedian: (products) => createMedianFeed(deps, options, products),
        ...(options.feedReloadMs ? { reloadMs: options.feedReloadMs } : {}),
        log: deps.log,
      });
    },
  });
  return {
    bus,
    runner,
    live: new MarketChannel({ db: deps.db, clock: deps.clock, bus }),
    async start() {
      await seedCatalogue(deps.db);
      await alignCandleCalendar(deps.db, options.platformTimeZone);
      if (options.feedEnabled) await runner.start();
    },
    stop: () => runner.stop(),
  };
}

function createMedianFeed(
  deps: { db: Db; clock: Clock; log: MarketLog },
  options: MarketOptions,
  products: MedianProduct[],
): MedianFeed {
  const urls = Object.fromEntries(
    Object.entries(options.exchangeUrls ?? {}).filter((entry): entry is [string, string] => !!entry[1]),
  );
  return new MedianFeed({
    products,
    clock: deps.clock,
    connect: exchangeConnector({ urls, log: deps.log }),
    ...(options.feedIntervalMs ? { intervalMs: options.feedIntervalMs } : {}),
    ...(options.feedStaleMs ? { staleMs: options.feedStaleMs } : {}),
    onHealth: (health) => {
      deps.log[health.halted ? "warn" : "info"](
        { symbol: health.symbol, live: health.live, silent: health.silent },
        health.halted ? "market: too few live price sources; product halted" : "market: price sources live",
      );
      applyFeedHealth(deps.db, deps.clock.now(), health).catch((error: unknown) =>
        deps.log.error({ err: error, symbol: health.symbol }, "market: recording the feed's health failed"),
      );
    },
  });
}
