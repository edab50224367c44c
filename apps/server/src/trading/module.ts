import type { AccountSummary } from "@tickfair/contract";
import type { MarketBus } from "../market";
import type { BlobStore } from "../platform/blob-store";
import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { BookChangeGatherer, bookChanges } from "./book-changes";
import { expectedValueRoutes } from "./expected-value-routes";
import { contractOpenings, contractSettlements } from "./live";
import { tradingOperatorRoutes } from "./operator-routes";
import { practiceRoutes } from "./practice-routes";
import { realizedReturnsWorker } from "./realized-returns";
import { tradingRoutes } from "./routes";
import { TradingWorker } from "./worker";

/** Contracts: placing them, their entry and settlement from the market's ticks, the user's orders. */
export function tradingModule(
  wiring: Wiring,
  deps: {
    bus: MarketBus;
    /** The owner's figures now, sent with each result (the account capability's). */
    summaryOf: (userId: bigint) => Promise<AccountSummary>;
    /** Where archived ticks are kept (the market's). */
    archives: BlobStore;
  },
): CapabilityModule & { worker: TradingWorker; realizedReturns: PeriodicJob } {
  const { db, realtime } = wiring;
  realtime.addUserEvent("contract.opened", contractOpenings(db));
  realtime.addUserEvent("contract.settled", contractSettlements({ db, summaryOf: deps.summaryOf }));
  realtime.addOperatorEvent("risk.changed", bookChanges);
  const book = new BookChangeGatherer(realtime);
  const worker = new TradingWorker({
    db,
    clock: wiring.clock,
    bus: deps.bus,
    log: wiring.log,
    contractsOpened: (contracts) => {
      book.add(false);
      return realtime.publish("contract.opened", contracts);
    },
    contractsSettled: (contracts) => {
      book.add(false);
      return realtime.publish("contract.settled", contracts);
    },
  });
  const realizedReturns = realizedReturnsWorker({
    db,
    clock: wiring.clock,
    timeZone: wiring.config.PLATFORM_TZ,
    log: wiring.log,
  });
  return {
    name: "trading",
    worker,
    realizedReturns,
    publicRoutes: [expectedValueRoutes(wiring)],
    userRoutes: [
      tradingRoutes(wiring, { placed: () => book.add(true), archives: deps.archives }),
      practiceRoutes(wiring),
    ],
    operatorRoutes: [tradingOperatorRoutes(wiring)],
    jobs: [
      { job: worker, enabled: wiring.config.TRADING_WORKER_ENABLED },
      // The daily figures of the platform's results, beside the risk warning's (limits).
      { job: realizedReturns, enabled: wiring.config.RISK_FIGURE_WORKER_ENABLED },
    ],
  };
}
