import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { contentOperatorRoutes } from "./operator-routes";
import { contentPublisher } from "./publisher";
import { contentRoutes } from "./routes";

/** News, help and documents: published versions, and versions published when their time comes. */
export function contentModule(wiring: Wiring): CapabilityModule & { publisher: PeriodicJob } {
  const publisher = contentPublisher({ db: wiring.db, clock: wiring.clock, log: wiring.log });
  return {
    name: "content",
    publisher,
    publicRoutes: [contentRoutes(wiring)],
    operatorRoutes: [contentOperatorRoutes(wiring)],
    jobs: [{ job: publisher, enabled: wiring.config.CONTENT_PUBLISHER_ENABLED }],
  };
}
