import type { CapabilityModule, Wiring } from "../platform/capability";
import { PeriodicJob } from "../platform/periodic-job";
import { deliverDuePushes, pushOutboxRetention } from "./delivery";
import { pushKeyRoutes, pushRoutes } from "./routes";
import { type VapidKeys, vapidKeys } from "./vapid";

const DELIVERY_INTERVAL_MS = 2_000;

/**
 * Push notifications: browsers' subscriptions, and the worker that sends the outbox to their push
 * services. The session check is handed down (auth ranks above): a session that ended pushes to no one.
 */
export function pushModule(
  wiring: Wiring,
  deps: { sessionLive: (sessionTokenHash: string, now: Date) => Promise<boolean> },
): CapabilityModule & { deliver: () => ReturnType<typeof deliverDuePushes> } {
  const { db, config, clock, log } = wiring;
  let cached: Promise<VapidKeys> | null = null;
  const keys = () => {
    cached ??= vapidKeys(db, config, clock.now()).catch((error: unknown) => {
      cached = null;
      throw error;
    });
    return cached;
  };
  const deliver = () =>
    deliverDuePushes({ db, config, now: () => clock.now(), keys, sessionLive: deps.sessionLive, log });
  const job = new PeriodicJob({
    name: "push delivery",
    runOnce: deliver,
    intervalMs: DELIVERY_INTERVAL_MS,
    log,
  });
  return {
    name: "push",
    deliver,
    publicRoutes: [pushKeyRoutes(keys)],
    userRoutes: [pushRoutes(wiring, keys)],
    jobs: [{ job, enabled: config.PUSH_WORKER_ENABLED }],
    retention: [pushOutboxRetention],
  };
}
