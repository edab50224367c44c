import { type CapabilityModule, jobDeps, type Wiring, withJob } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { noticeOperatorRoutes, noticeRoutes, noticeUserRoutes } from "./notice-routes";
import { contentOperatorRoutes } from "./operator-routes";
import { contentPublisher } from "./publisher";
import { contentRoutes } from "./routes";

/**
 * News, help and documents: published versions, and versions published when their time comes; home's
 * banners and pop-up notices.
 */
export function contentModule(wiring: Wiring): CapabilityModule & { job: PeriodicJob } {
  const module = {
    name: "content",
    publicRoutes: [contentRoutes(wiring), noticeRoutes(wiring)],
    userRoutes: [noticeUserRoutes(wiring)],
    operatorRoutes: [contentOperatorRoutes(wiring), noticeOperatorRoutes(wiring)],
  };
  return withJob(module, contentPublisher(jobDeps(wiring)), wiring.config.CONTENT_PUBLISHER_ENABLED);
}
