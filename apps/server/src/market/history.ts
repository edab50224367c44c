import type { Db } from "../platform/db";
import { CATALOGUE, type CatalogueProduct } from "./catalogue";
import type { FeedTick } from "./feed";
import { HistoryWalk } from "./history-walk";
import { effectiveStatus, isWithinTradingHours } from "./schedule";
import { recordTicks } from "./ticks";

const MINUTE_MS = 60_000;
/** One simulated tick a minute over a whole day of trading: the last session's chart and 24H figures. */
const SESSION_TICKS = 24 * 60;
/** How far back the last session is looked for: the FX weekend is two days long. */
const LOOKBACK_MS = 4 * 24 * 60 * MINUTE_MS;
const BATCH = 2_000;

/**
 * A simulated product that is closed (outside its trading hours) and has never ticked, as on a platform
 * first started at the weekend, would show no price, no chart and no figures until it opens. It gets
 * its last session instead: a day of trading hours before `now`, one simulated tick a minute, recorded
 * as any tick is (hash-chained, in time order). Nobody can have traded in that past, and the committed
 * chain opens at its last price. Products that already have ticks are never touched. Returns the
 * products that got a session.
 */
export async function recordClosedHistory(
  db: Db,
  now: Date,
  options: { seed: string; catalogue?: readonly CatalogueProduct[] },
): Promise<string[]> {
  const m = db;
  const rows = await m
    .selectFrom("products as p")
    .select(["p.symbol", "p.schedule", "p.status", "p.reopens_at"])
    .where("p.source", "=", "simulated")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("ticks as t").select("t.seq").whereRef("t.symbol", "=", "p.symbol"))),
    )
    .orderBy("p.symbol")
    .execute();
  const catalogue = new Map((options.catalogue ?? CATALOGUE).map((entry) => [entry.symbol, entry]));
  const added: string[] = [];
  for (const row of rows) {
    const entry = catalogue.get(row.symbol);
    const status = effectiveStatus(
      { schedule: row.schedule, status: row.status, reopensAt: row.reopens_at },
      now,
    );
    if (!entry || status.status !== "closed") continue;
    const ticks = lastSession({ ...entry, schedule: row.schedule }, now, options.seed);
    for (let i = 0; i < ticks.length; i += BATCH) await recordTicks(db, ticks.slice(i, i + BATCH));
    if (ticks.length > 0) added.push(row.symbol);
  }
  return added;
}

/** The product's last SESSION_TICKS whole minutes of trading hours before `now`, oldest first. */
function lastSession(product: CatalogueProduct, now: Date, seed: string): FeedTick[] {
  const times: Date[] = [];
  const last = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  for (let at = last; times.length < SESSION_TICKS && at > now.getTime() - LOOKBACK_MS; at -= MINUTE_MS) {
    const time = new Date(at);
    if (at < now.getTime() && isWithinTradingHours(product.schedule, time)) times.push(time);
  }
  times.reverse();
  // A minute's step moves the price as a minute of trading does, and trades a minute's volume.
  const walk = new HistoryWalk(product, seed, MINUTE_MS);
  const perSecond = BigInt(MINUTE_MS / 1000);
  return times.map((time) => {
    const tick = walk.step(time);
    return { ...tick, volume: tick.volume * perSecond };
  });
}
