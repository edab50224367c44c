import type { AccountSummary } from "@tickfair/contract";
import type { MarketBus } from "../market";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { BookChangeGatherer, bookChanges } from "./book-changes";
import { contractOpenings, contractSettlements } from "./live";
import { tradingRoutes } from "./routes";
import { TradingWorker } from "./worker";

/** Contracts: placing them, their entry and settlement from the market's ticks, the user's orders. */
export function tradingModule(
  wiring: Wiring,
  deps: {
    bus: MarketBus;
    /** The owner's figures now, sent with each result (the account capability's). */
    summaryOf: (userId: bigint) => Promise<AccountSummary>;
  },
): CapabilityModule & { worker: TradingWorker } {
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
  return {
    name: "trading",
    worker,
    userRoutes: [tradingRoutes(wiring, { placed: () => book.add(true) })],
    jobs: [{ job: worker, enabled: wiring.config.TRADING_WORKER_ENABLED }],
  };
}
