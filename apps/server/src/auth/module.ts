import type { CapabilityModule, Wiring } from "../platform/capability";
import { passkeyRoutes, passkeySignInRoutes } from "./passkeys-routes";
import { authRetention } from "./retention";
import { authRoutes, authUserRoutes } from "./routes";
import { sessionRoutes } from "./session-routes";
import { stepUpRoutes } from "./step-up-routes";
import { totpRoutes } from "./totp-routes";

/** Users' registration, sign-in and sessions. Its hook signs in the user routes of every capability. */
export function authModule(wiring: Wiring): CapabilityModule {
  return {
    name: "auth",
    publicRoutes: [authRoutes(wiring), passkeySignInRoutes(wiring)],
    userRoutes: [
      authUserRoutes(wiring),
      stepUpRoutes(wiring),
      totpRoutes(wiring),
      sessionRoutes(wiring),
      passkeyRoutes(wiring),
    ],
    retention: authRetention,
  };
}
