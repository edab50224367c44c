import type { AccountSummary } from "@tickfair/contract";
import type { MarketBus } from "../market";
import type { CapabilityModule, Wiring } from "../platform/capability";
import { contractOpenings, contractSettlements } from "./live";
import { tradingOperatorRoutes } from "./operator-routes";
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
  const worker = new TradingWorker({
    db,
    clock: wiring.clock,
    bus: deps.bus,
    log: wiring.log,
    contractsOpened: (contracts) => realtime.publish("contract.opened", contracts),
    contractsSettled: (contracts) => realtime.publish("contract.settled", contracts),
  });
  return {
    name: "trading",
    worker,
    userRoutes: [tradingRoutes(wiring)],
    operatorRoutes: [tradingOperatorRoutes(wiring)],
    jobs: [{ job: worker, enabled: wiring.config.TRADING_WORKER_ENABLED }],
  };
}
