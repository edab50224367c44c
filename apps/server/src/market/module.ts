import type { BlobStore } from "../platform/blob-store";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { PeriodicJob } from "../platform/periodic-job";
import { fairnessRoutes } from "./fairness-routes";
import { loadFairnessSecret, loadNextFairnessSecret } from "./fairness-secret";
import { marketOperatorRoutes } from "./operator-routes";
import { marketRoutes } from "./routes";
import { createMarket, type Market } from "./running";
import { archiveTickMonths } from "./tick-archiver";
import { tickPartitionsJob } from "./tick-partitions";

/** Prices: the feed, the catalogue, tickers and ticks on the socket. Its bus feeds settlement. */
export function marketModule(
  wiring: Wiring,
  deps: { blobs: BlobStore },
): CapabilityModule & { market: Market } {
  const { config } = wiring;
  const market = createMarket(
    { db: wiring.db, clock: wiring.clock, log: wiring.log },
    {
      feedEnabled: config.FEED_ENABLED,
      feedSeed: config.FEED_SEED,
      feedIntervalMs: config.FEED_INTERVAL_MS,
      fairness: { epochMs: config.FAIRNESS_EPOCH_SECONDS * 1000, length: config.FAIRNESS_CHAIN_EPOCHS },
      loadSecret: () => loadFairnessSecret(config, wiring.log),
      exchangeUrls: { binance: config.FEED_BINANCE_URL, okx: config.FEED_OKX_URL },
      feedStaleMs: config.FEED_STALE_MS,
      loadNextSecret: () => loadNextFairnessSecret(config),
      databaseUrl: config.DATABASE_URL,
      platformTimeZone: config.PLATFORM_TZ,
    },
  );
  wiring.realtime.addChannel(market.live);
  return {
    name: "market",
    market,
    publicRoutes: [marketRoutes(wiring, deps.blobs), fairnessRoutes(wiring)],
    operatorRoutes: [marketOperatorRoutes(wiring, deps.blobs)],
    jobs: [
      { job: market, enabled: true },
      // Every process keeps the tick partitions ready: a tick may come from any of them.
      { job: tickPartitionsJob({ db: wiring.db, clock: wiring.clock, log: wiring.log }), enabled: true },
      {
        job: new PeriodicJob({
          name: "market: tick archives",
          intervalMs: 6 * 60 * 60 * 1000,
          log: wiring.log,
          runOnce: () =>
            archiveTickMonths(
              { db: wiring.db, blobs: deps.blobs, log: wiring.log },
              wiring.clock.now(),
              config.TICK_ARCHIVE_AFTER_DAYS,
            ),
        }),
        enabled: config.TICK_ARCHIVE_AFTER_DAYS > 0,
      },
    ],
  };
}
