import { type CapabilityModule, jobDeps, type Wiring, withJob } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { broadcastAnnouncements, personalInboxUpdates } from "./live";
import { messageOperatorRoutes } from "./operator-routes";
import { broadcastPublisher } from "./publisher";
import { messageRoutes } from "./routes";

/** Notices and broadcasts: the inbox, its badge, and scheduled broadcasts sent when due. */
export function messagesModule(wiring: Wiring): CapabilityModule & { job: PeriodicJob } {
  wiring.realtime.addUserEvent("inbox.changed", personalInboxUpdates);
  wiring.realtime.addEveryUserEvent("broadcast.published", broadcastAnnouncements);
  const module = {
    name: "messages",
    userRoutes: [messageRoutes(wiring)],
    operatorRoutes: [messageOperatorRoutes(wiring)],
  };
  const broadcasts = broadcastPublisher({ ...jobDeps(wiring), events: wiring.realtime });
  return withJob(module, broadcasts, wiring.config.CONTENT_PUBLISHER_ENABLED);
}
