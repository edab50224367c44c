import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { EventPublisher } from "../platform/events";
import { PeriodicJob } from "../platform/periodic-job";
import { publishDueBroadcasts } from "./broadcasts";

/** Sends scheduled broadcasts when their time comes (every `intervalMs`), and tells every open app. */
export function broadcastPublisher(
  deps: {
    db: Db;
    clock: Clock;
    events: EventPublisher;
    log: { error(object: unknown, message: string): void };
  },
  intervalMs = 15_000,
): PeriodicJob {
  return new PeriodicJob({
    name: "broadcast publisher",
    runOnce: async () => {
      const published = await publishDueBroadcasts(deps.db, deps.clock.now());
      if (published.length > 0) await deps.events.publish("broadcast.published", published);
    },
    intervalMs,
    log: deps.log,
  });
}
