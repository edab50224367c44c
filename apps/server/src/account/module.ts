import type { CapabilityModule, Wiring } from "../platform/capability";
import { accountUpdates } from "./live";
import { accountRoutes } from "./routes";

/** The user's own account: who they are and their figures, told again whenever money moves. */
export function accountModule(wiring: Wiring): CapabilityModule {
  wiring.realtime.addUserEvent(
    "account.updated",
    accountUpdates({ db: wiring.db, clock: wiring.clock, platformTz: wiring.config.PLATFORM_TZ }),
  );
  return { name: "account", userRoutes: [accountRoutes(wiring)] };
}
