import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db";
import type { RealtimeHub } from "./realtime";

/** Everything a route needs, handed down explicitly rather than reached for. */
export interface RouteContext {
  config: Config;
  db: Db;
  clock: Clock;
  lifecycle: { shuttingDown: boolean };
  realtime: RealtimeHub;
}
