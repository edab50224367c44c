import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { noticeOperatorRoutes, noticeRoutes, noticeUserRoutes } from "./notice-routes";
import { contentOperatorRoutes } from "./operator-routes";
import { contentPublisher } from "./publisher";
import { contentRoutes } from "./routes";

/**
 * News, help and documents: published versions, and versions published when their time comes; home's
 * banners and pop-up notices.
 */
export function contentModule(wiring: Wiring): CapabilityModule & { publisher: PeriodicJob } {
  const publisher = contentPublisher({ db: wiring.db, clock: wiring.clock, log: wiring.log });
  return {
    name: "content",
    publisher,
    publicRoutes: [contentRoutes(wiring), noticeRoutes(wiring)],
    userRoutes: [noticeUserRoutes(wiring)],
    operatorRoutes: [contentOperatorRoutes(wiring), noticeOperatorRoutes(wiring)],
    jobs: [{ job: publisher, enabled: wiring.config.CONTENT_PUBLISHER_ENABLED }],
  };
}
