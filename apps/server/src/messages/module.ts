import type { CapabilityModule, Wiring } from "../platform/capability";
import type { PeriodicJob } from "../platform/periodic-job";
import { broadcastAnnouncements, personalInboxUpdates } from "./live";
import { messageOperatorRoutes } from "./operator-routes";
import { broadcastPublisher } from "./publisher";
import { messageRoutes } from "./routes";

/** Notices and broadcasts: the inbox, its badge, and scheduled broadcasts sent when due. */
export function messagesModule(wiring: Wiring): CapabilityModule & { broadcasts: PeriodicJob } {
  wiring.realtime.addUserEvent("inbox.changed", personalInboxUpdates);
  wiring.realtime.addEveryUserEvent("broadcast.published", broadcastAnnouncements);
  const broadcasts = broadcastPublisher({
    db: wiring.db,
    clock: wiring.clock,
    events: wiring.realtime,
    log: wiring.log,
  });
  return {
    name: "messages",
    broadcasts,
    userRoutes: [messageRoutes(wiring)],
    operatorRoutes: [messageOperatorRoutes(wiring)],
    jobs: [{ job: broadcasts, enabled: wiring.config.CONTENT_PUBLISHER_ENABLED }],
  };
}
