import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db";
import type { EventPublisher } from "./events";

/** Everything a route needs, handed down explicitly rather than reached for. */
export interface RouteContext {
  config: Config;
  db: Db;
  clock: Clock;
  lifecycle: { shuttingDown: boolean };
  /** Where what happened is published (once it committed) for the users' open apps. */
  events: EventPublisher;
}
