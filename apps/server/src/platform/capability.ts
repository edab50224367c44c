import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "./context";
import type { RealtimeHub } from "./realtime";
import type { RetentionRule } from "./retention";

/** What a capability's module is built from: the route context, the socket hub and the log. */
export interface Wiring extends RouteContext {
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
}

/** Background work a capability runs while the server is up. */
export interface Job {
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/**
 * A capability's face to the wiring: its routes by who may call them, and the work it runs. The
 * wiring registers user routes in the scope that signs the user in and operator routes in the scope
 * that signs the operator in and checks the route's permission, so no route file guards itself.
 * Socket renderers and channels are added to the hub when the module is built.
 */
export interface CapabilityModule {
  /** The capability's folder. */
  name: string;
  /** Anyone may call these (sign-in, prices, published content, the health check). */
  publicRoutes?: FastifyPluginAsyncZod[];
  userRoutes?: FastifyPluginAsyncZod[];
  operatorRoutes?: FastifyPluginAsyncZod[];
  /** Started in rank order once the server is ready (a job whose setting is off is not started), stopped in reverse. */
  jobs?: { job: Job; enabled: boolean }[];
  /** When rows of the tables it owns expire, in the order they are deleted (platform/retention.ts). */
  retention?: readonly RetentionRule[];
}

/**
 * A module that runs one periodic job: in `jobs`, started when its setting is on, and handed to the
 * wiring as `job` too, so tests and benches can run it by hand.
 */
export function withJob<J extends Job>(
  module: CapabilityModule,
  job: J,
  enabled: boolean,
): CapabilityModule & { job: J } {
  return { ...module, job, jobs: [{ job, enabled }] };
}

/** What a capability's background job reads from the wiring: the database, the clock, the platform's time zone and the log. */
export function jobDeps(wiring: Wiring): Pick<Wiring, "db" | "clock" | "log"> & { timeZone: string } {
  return { db: wiring.db, clock: wiring.clock, timeZone: wiring.config.PLATFORM_TZ, log: wiring.log };
}
