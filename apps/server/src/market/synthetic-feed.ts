import type { PathTick } from "@tickfair/verify";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import {
  type Chain,
  closingPrices,
  epochPaths,
  epochStartsAt,
  type Prices,
  positionAt,
  ticksPerEpoch,
} from "./fairness-chain";
import type { OpenChain } from "./fairness-open";
import { FairnessRefusal } from "./fairness-secret";
import { latestEpoch, recordEpoch, revealSeeds } from "./fairness-store";
import type { FeedListener, FeedSource, FeedTick } from "./feed";
import type { MarketLog } from "./feed-runner";

export interface SyntheticFeedOptions extends OpenChain {
  db: Db;
  clock: Clock;
  log: MarketLog;
  /**
   * How many ticks late a tick of the current epoch may still be handed over (a timer that fired late);
   * older ones stay unrecorded, like an outage.
   */
  catchUpTicks?: number;
  /** Each product's last recorded tick time: a restart never hands over a tick at or before it again. */
  lastRecorded?: ReadonlyMap<string, Date>;
}

interface PlayingEpoch {
  index: number;
  openings: Prices;
  paths: Map<string, PathTick[]>;
}

/** Rolling forward through missed epochs yields to other work this often, so a long outage's catch-up does not stall the server. */
const EPOCHS_PER_YIELD = 8;

/**
 * The synthetic markets as committed (docs/fairness.md): tick i of epoch k of every product of the
 * chain is `pathTick` of `@tickfair/verify` from s_k and the epoch's opening, at startsAt(k) + i·tickMs.
 * Only ticks whose time has come are handed over; what an outage missed stays unrecorded and the path
 * runs on regardless. Each epoch reached is recorded with its openings, and each seed is written once
 * its epoch has ended, never before. When the chain ends its successor plays, if this process holds it.
 */
export class SyntheticFeed implements FeedSource {
  readonly name = "simulated";
  readonly #options: SyntheticFeedOptions;
  #chain: Chain;
  #seeds: readonly Uint8Array[];
  #successor: OpenChain | undefined;
  #epoch: PlayingEpoch | null = null;
  #lastHanded = -1;
  /** Nothing from before the feed was prepared is handed over: that time belongs to an outage. */
  #handOverFrom = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  #advancing = false;
  #endedLogged = false;

  constructor(options: SyntheticFeedOptions) {
    this.#options = options;
    this.#chain = options.chain;
    this.#seeds = options.seeds;
    this.#successor = options.successor;
  }

  get chain(): Chain {
    return this.#chain;
  }

  /**
   * Brings the records up to `now` without handing over a tick: the epochs an outage missed are
   * recorded and their seeds revealed before the first tick.
   */
  async prepare(now: Date): Promise<void> {
    this.#handOverFrom = now.getTime();
    const position = await this.#position(now);
    if (position && position.epoch <= this.#chain.length) await this.#enter(position.epoch, now);
    else await revealSeeds(this.#options.db, this.#chain, this.#seeds, now);
  }

  /** Where `now` falls, once the successor plays if the chain has ended and this process holds it. */
  async #position(now: Date): Promise<{ epoch: number; tick: number } | null> {
    const at = now.getTime();
    const position = positionAt(this.#chain, at);
    const successor = this.#successor;
    if (!position || position.epoch <= this.#chain.length || !successor || at < successor.chain.startsAt)
      return position;
    await this.#handOver(successor, now);
    return this.#position(now);
  }

  /**
   * Plays the chain to its end (recording the epochs an outage missed and revealing every seed), then
   * opens the successor at its last prices.
   */
  async #handOver(successor: OpenChain, now: Date): Promise<void> {
    const last = await this.#enter(this.#chain.length, now);
    // Its last epoch has ended: its seed goes out now, as the feed moves on to the successor's.
    await revealSeeds(this.#options.db, this.#chain, this.#seeds, now);
    await recordEpoch(this.#options.db, successor.chain, 1, closingPrices(last.paths));
    this.#options.log.info({ anchor: successor.chain.anchor }, "market: the successor fairness chain plays");
    this.#chain = successor.chain;
    this.#seeds = successor.seeds;
    this.#successor = successor.successor;
    this.#epoch = null;
    this.#lastHanded = -1;
  }

  /**
   * Brings the records up to `now` and returns the ticks due: the current tick of every product, and
   * those of the current epoch a late timer skipped.
   */
  async advance(now: Date): Promise<FeedTick[]> {
    const position = await this.#position(now);
    const chain = this.#chain;
    if (!position) return [];
    if (position.epoch > chain.length) {
      await revealSeeds(this.#options.db, chain, this.#seeds, now);
      if (!this.#endedLogged)
        this.#options.log.error(
          { anchor: chain.anchor },
          "market: the fairness chain has ended; no synthetic prices until a new FAIRNESS_SECRET starts the next chain",
        );
      this.#endedLogged = true;
      return [];
    }
    const epoch = await this.#enter(position.epoch, now);
    const n = ticksPerEpoch(chain);
    const base = (position.epoch - 1) * n;
    const current = base + position.tick;
    const first = Math.max(this.#lastHanded + 1, current - (this.#options.catchUpTicks ?? 1), base);
    const ticks: FeedTick[] = [];
    for (let global = first; global <= current; global++) {
      const index = global - base;
      const time = new Date(epochStartsAt(chain, position.epoch) + index * chain.tickMs);
      if (time.getTime() < this.#handOverFrom) continue;
      for (const [symbol, path] of epoch.paths) {
        const recorded = this.#options.lastRecorded?.get(symbol);
        if (recorded && time <= recorded) continue;
        const tick = path[index] as PathTick;
        ticks.push({ symbol, time, price: tick.price, volume: tick.volume });
      }
    }
    this.#lastHanded = Math.max(this.#lastHanded, current);
    return ticks;
  }

  /**
   * Makes epoch `index` the playing one: rolls the openings forward from the last recorded epoch
   * through any the feed missed (recording each), and writes the seeds of those that have ended.
   */
  async #enter(index: number, now: Date): Promise<PlayingEpoch> {
    if (this.#epoch?.index === index) return this.#epoch;
    const { db } = this.#options;
    const seeds = this.#seeds;
    const chain = this.#chain;
    let from: { index: number; openings: Prices; paths?: Map<string, PathTick[]> } | null =
      this.#epoch && this.#epoch.index < index ? this.#epoch : await latestEpoch(db, chain, index);
    if (!from) {
      const openings: Prices = new Map();
      for (const product of chain.products) {
        // Only a successor has none: it opens at its predecessor's last prices (handOver).
        if (product.openingPrice === null)
          throw new FairnessRefusal(
            "the successor chain opens at its predecessor's last prices: start the feed once with FAIRNESS_SECRET set to the predecessor's secret and FAIRNESS_NEXT_SECRET to this chain's",
          );
        openings.set(product.symbol, product.openingPrice);
      }
      from = { index: 1, openings };
      await recordEpoch(db, chain, 1, from.openings);
    }
    let rolled = 0;
    while (from.index < index) {
      const paths: Map<string, PathTick[]> =
        from.paths ?? epochPaths(chain, seeds[from.index] as Uint8Array, from.openings);
      from = { index: from.index + 1, openings: closingPrices(paths) };
      await recordEpoch(db, chain, from.index, from.openings);
      if (++rolled % EPOCHS_PER_YIELD === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await revealSeeds(db, chain, seeds, now);
    this.#epoch = {
      index,
      openings: from.openings,
      paths: epochPaths(chain, seeds[index] as Uint8Array, from.openings),
    };
    return this.#epoch;
  }

  start(emit: FeedListener): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      // A slow database must not pile up advances: the next interval picks up where this one ends.
      if (this.#advancing) return;
      this.#advancing = true;
      this.advance(this.#options.clock.now())
        .then((ticks) => {
          if (ticks.length > 0 && this.#timer) emit(ticks);
        })
        .catch((error: unknown) =>
          this.#options.log.error({ err: error }, "market: the synthetic feed failed a tick"),
        )
        .finally(() => {
          this.#advancing = false;
        });
    }, this.#chain.tickMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
